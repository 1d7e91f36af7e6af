import autocannon from 'autocannon';
const base = 'http://127.0.0.1:3999';
const login = await (await fetch(base + '/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-owner@example.test', password: 'bench-owner-password' }) })).json();
const token = login.data.accessToken;
for (const p of process.argv.slice(3)) {
  const [method, path, body] = p.split(' ');
  for (const connections of process.argv[2].split(',').map(Number)) {
    const r = await autocannon({ url: base + path, method, connections, duration: 3, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    console.log(`${path.padEnd(50)} c=${connections} rps=${r.requests.average.toFixed(0)} p50=${r.latency.p50} p99=${r.latency.p99} non2xx=${r.non2xx}`);
  }
}
