import autocannon from 'autocannon';
const base = 'http://127.0.0.1:3999';
const login = await (await fetch(base + '/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-owner@example.test', password: 'bench-owner-password' }) })).json();
const token = login.data.accessToken;
const paths = process.argv.slice(2);
for (const p of paths) {
  const [method, path, body] = p.split(' ');
  for (const connections of [50, 10]) {
    const r = await autocannon({ url: base + path, method, connections, duration: 4, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    console.log(`${path.padEnd(60)} c=${connections} rps=${r.requests.average.toFixed(0)} p50=${r.latency.p50} p99=${r.latency.p99} non2xx=${r.non2xx}`);
  }
}
