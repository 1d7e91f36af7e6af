// Crash safety: concurrent certificate writes, SIGKILL mid-flight, restart on the same data, and every
// write that was acknowledged must be there, whole, with its history and activity rows.
import { expect } from 'vitest';
import { call, OWNER, signInOwner, startServerProcess, type ServerProcess } from './server-process';

interface Acknowledged {
  created: Set<string>;
  activated: Set<string>;
  revoked: Set<string>;
}

/** Runs writers until the server dies; returns what the server acknowledged. */
async function writeUntilKilled(
  server: ServerProcess,
  token: string,
  clientId: string,
  killAfterMs: number,
): Promise<Acknowledged> {
  const ack: Acknowledged = { created: new Set(), activated: new Set(), revoked: new Set() };
  let alive = true;
  const now = Date.now();
  const writer = async (worker: number) => {
    for (let i = 0; alive; i += 1) {
      try {
        const created = await call<{ data: { uuid: string } }>(server.url, 'POST', '/certificates', {
          token,
          body: {
            clientId,
            serialNumber: `CRASH-${worker}-${i}-${now}`,
            studioCount: 1,
            userCount: 1,
            validFrom: now - 60_000,
            validTo: now + 86_400_000 * 30,
            notes: '',
          },
        });
        if (created.status !== 201) continue;
        const id = created.body.data.uuid;
        ack.created.add(id);
        if ((await call(server.url, 'POST', `/certificates/${id}/activate`, { token })).status !== 200)
          continue;
        ack.activated.add(id);
        if (
          i % 2 === 0 &&
          (
            await call(server.url, 'POST', `/certificates/${id}/revoke`, {
              token,
              body: { reason: 'crash test' },
            })
          ).status === 200
        ) {
          ack.revoked.add(id);
        }
      } catch {
        // The connection died with the server: whatever was not acknowledged may or may not be there.
        alive = false;
      }
    }
  };
  const writers = Array.from({ length: 6 }, (_, worker) => writer(worker));
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill('SIGKILL');
  alive = false;
  await server.exited;
  await Promise.all(writers);
  return ack;
}

export async function runCrashScenario(env: Record<string, string>) {
  const first = await startServerProcess(env);
  const token = await signInOwner(first.url);
  const client = await call<{ data: { uuid: string } }>(first.url, 'POST', '/clients', {
    token,
    body: { name: `Crash Client ${Date.now()}` },
  });
  expect(client.status).toBe(201);
  const ack = await writeUntilKilled(first, token, client.body.data.uuid, 2500);
  expect(ack.created.size, 'the load acknowledged some writes before the kill').toBeGreaterThan(5);
  console.log(
    `SIGKILL after ${ack.created.size} creations, ${ack.activated.size} activations, ${ack.revoked.size} revocations acknowledged`,
  );

  // The database opens without repair: the server starts and is ready.
  const second = await startServerProcess(env);
  try {
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    const token2 = await signInOwner(second.url);
    for (const id of ack.created) {
      const certificate = await call<{ data: { status: string } }>(second.url, 'GET', `/certificates/${id}`, {
        token: token2,
      });
      expect(certificate.status, `acknowledged certificate ${id} is there`).toBe(200);
      const expected = ack.revoked.has(id)
        ? 'revoked'
        : ack.activated.has(id)
          ? ['active', 'revoked']
          : ['pending', 'active', 'revoked'];
      expect([expected].flat()).toContain(certificate.body.data.status);
      const records = await call<{ data: { action: string }[] }>(
        second.url,
        'GET',
        `/certificates/${id}/records`,
        { token: token2 },
      );
      const actions = records.body.data.map((record) => record.action);
      expect(actions).toContain('created');
      if (ack.activated.has(id)) expect(actions).toContain('activated');
      if (ack.revoked.has(id)) expect(actions).toContain('revoked');
      // Each step happened once: no duplicate history.
      expect(new Set(actions).size).toBe(actions.length);
    }
    // Whole: every committed step left its history record and its activity row, in the same transaction, so
    // across every certificate of the client the two agree one for one.
    let historySteps = 0;
    for (let page = 1; ; page += 1) {
      const listed = await call<{ data: { certificates: { uuid: string }[] } }>(
        second.url,
        'GET',
        `/certificates?clientId=${client.body.data.uuid}&limit=100&page=${page}`,
        { token: token2 },
      );
      for (const { uuid } of listed.body.data.certificates) {
        const records = await call<{ data: { action: string }[] }>(
          second.url,
          'GET',
          `/certificates/${uuid}/records`,
          { token: token2 },
        );
        historySteps += records.body.data.filter((record) =>
          ['created', 'activated', 'revoked'].includes(record.action),
        ).length;
      }
      if (listed.body.data.certificates.length < 100) break;
    }
    const activity = await call<{ total: number }>(
      second.url,
      'GET',
      '/dashboard/activity?limit=1&page=1&type=certificate',
      { token: token2 },
    );
    expect(activity.status).toBe(200);
    expect(activity.body.total, 'certificate activity rows, one per committed step').toBe(historySteps);
    expect(historySteps).toBeGreaterThanOrEqual(ack.created.size + ack.activated.size + ack.revoked.size);
    // Counters written in the same transactions as the rows agree with them.
    const stats = await call<Record<string, number>>(second.url, 'GET', '/dashboard/stats', {
      token: token2,
    });
    const list = await call<{ data: { total: number } }>(second.url, 'GET', '/certificates?limit=1', {
      token: token2,
    });
    const s = stats.body;
    expect(
      s.pendingCertificates! +
        s.activeCertificates! +
        s.distributedCertificates! +
        s.expiredCertificates! +
        s.revokedCertificates!,
    ).toBe(list.body.data.total);
    return { ack, activityCount: activity.body.total };
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

/** SIGTERM while requests are in flight: every request the server began is answered, and it exits 0 within 10 s. */
export async function runGracefulShutdown(env: Record<string, string>) {
  // Debug logs: the server's own record of which requests it began (a debug line: src/server/request-log.ts) and
  // finished.
  const server = await startServerProcess({ LOGIN_RATE_LIMIT: '0', LOG_LEVEL: 'debug', ...env });
  // Sign-ins are slow on purpose (argon2), so many are still being worked on when the signal comes.
  const inflight = Array.from({ length: 120 }, () =>
    call(server.url, 'POST', '/auth/login', { body: OWNER }).then((r) => r.status),
  );
  // The signal comes as soon as the first answer does, while the rest wait their turn for argon2.
  await Promise.race(inflight);
  const started = Date.now();
  const signalAt = Date.now();
  server.child.kill('SIGTERM');
  const statuses = await Promise.allSettled(inflight);
  const code = await server.exited;
  expect(code, server.output()).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);

  const entries = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as {
          reqId?: string;
          msg?: string;
          time: number;
          req?: { url: string };
          res?: { statusCode: number };
        },
    );
  const begun = entries.filter((e) => e.msg === 'incoming request' && e.req?.url === '/api/v1/auth/login');
  const finished = new Map(entries.filter((e) => e.res).map((e) => [e.reqId, e]));
  expect(begun.length, 'the server had begun sign-ins when the signal came').toBeGreaterThan(0);
  // Drained: every request the server began was answered, with its real answer or 503 "closing".
  for (const { reqId } of begun) expect([200, 503]).toContain(finished.get(reqId)?.res?.statusCode);
  // In flight across the signal: begun before it, answered after it, and answered for real, not with 503.
  const acrossTheSignal = begun.filter(
    (e) => e.time < signalAt && (finished.get(e.reqId)?.time ?? 0) > signalAt,
  );
  expect(acrossTheSignal.length, 'sign-ins begun before SIGTERM and finished after it').toBeGreaterThan(0);
  for (const { reqId } of acrossTheSignal) expect(finished.get(reqId)?.res?.statusCode).toBe(200);
  // What the clients saw: answers are sign-ins or 503; a connection the server had not read from yet may be closed.
  const answered = statuses.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  expect(answered.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(answered.every((status) => status === 200 || status === 503)).toBe(true);
}
