// The lifecycle table (src/contract/certificate-lifecycle.ts, ADR 0007) is what the server, the msw handlers and the
// console's row actions all do: every (status, action, role) cell is called on the real API and on the mocks and
// must give the table's answer class in both (allowed: 2xx and the status it leads to; wrong status: 409
// INVALID_TRANSITION; role lacking: 403), and a row offers exactly the allowed cells that have a button.
// Runs in the `server` and `server-pg` projects (vitest.server.config.ts: tests/server/*.test.ts).
import { randomUUID } from 'node:crypto';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor } from '../../mocks/fixtures';
import { createMockCertificates } from '../../mocks/fixtures/certificates';
import { certificateHandlers, createCertificateStore } from '../../mocks/handlers/certificates';
import {
  CERTIFICATE_LIFECYCLE,
  LIFECYCLE_ACTIONS,
  isAllowedFrom,
  roleMayTake,
  statusAfter,
  type LifecycleAction,
} from '../../src/contract/certificate-lifecycle';
import {
  CERTIFICATE_STATUSES,
  type Certificate,
  type CertificateStatus,
} from '../../src/contract/certificates';
import { DAY_MS, DEFAULT_API_BASE } from '../../src/contract/constants';
import { ROLE_NAMES, type RoleName } from '../../src/contract/roles';
import { rowActionsFor } from '../../src/features/certificates/row-actions';
import { certificates, clients } from '../../src/server/db/schema';
import { adjustCertificateCounters, adjustClientCount } from '../../src/server/services/shared/counters';
import { createTestApp, userWithSession, type TestContext } from '../support/test-app';

type AnswerClass = 'allowed' | 'wrong status' | 'role lacking' | `other ${number} ${string}`;

/** The table's answer: the role is checked first (before the certificate is read), then the status. */
const expectedClass = (status: CertificateStatus, action: LifecycleAction, role: RoleName): AnswerClass =>
  !roleMayTake(role, action) ? 'role lacking' : isAllowedFrom(action, status) ? 'allowed' : 'wrong status';

function classOf(status: number, body: string): AnswerClass {
  if (status >= 200 && status < 300) return 'allowed';
  const code = (JSON.parse(body || '{}') as { code?: string }).code ?? '';
  if (status === 409 && code === 'INVALID_TRANSITION') return 'wrong status';
  if (status === 403 && code === 'FORBIDDEN') return 'role lacking';
  return `other ${status} ${code}`;
}

let transferSequence = 0;
/** How each action is called; a body that must differ per call (a transfer's new serial number) is made per call. */
const CALLS: Record<
  LifecycleAction,
  { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: () => object }
> = {
  edit: { method: 'PUT', path: '', body: () => ({ notes: 'Edited by the lifecycle walk' }) },
  activate: { method: 'POST', path: '/activate' },
  delete: { method: 'DELETE', path: '' },
  generate: { method: 'POST', path: '/generate' },
  // Past every certificate's end in these walks (they end within 300 days).
  renew: { method: 'POST', path: '/renew', body: () => ({ validTo: Date.now() + 400 * DAY_MS }) },
  transfer: {
    method: 'POST',
    path: '/transfer',
    body: () => ({ serialNumber: `MOVED-${process.pid}-${(transferSequence += 1)}` }),
  },
  download: { method: 'POST', path: '/download' },
  revoke: { method: 'POST', path: '/revoke', body: () => ({ reason: 'lifecycle walk' }) },
  history: { method: 'GET', path: '/records' },
};

interface Cell {
  status: CertificateStatus;
  action: LifecycleAction;
  role: RoleName;
}
const cells: Cell[] = CERTIFICATE_STATUSES.flatMap((status) =>
  LIFECYCLE_ACTIONS.flatMap((action) => ROLE_NAMES.map((role) => ({ status, action, role }))),
);
const name = ({ status, action, role }: Cell) => `${status} × ${action} × ${role}`;
/** What a cell answered, and the status the certificate had afterwards ('gone' once deleted). */
type Outcome = [answer: AnswerClass, after: CertificateStatus | 'gone'];
const expectedOutcome = (cell: Cell): Outcome => {
  const answer = expectedClass(cell.status, cell.action, cell.role);
  if (answer !== 'allowed') return [answer, cell.status];
  return [answer, statusAfter(cell.action, cell.status) ?? 'gone'];
};

describe('the lifecycle table on the real API', () => {
  let ctx: TestContext;
  let clientId: string;
  const headers = {} as Record<RoleName, { authorization: string }>;

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const role of ROLE_NAMES) headers[role] = (await userWithSession(ctx, role)).headers;
    clientId = randomUUID();
    await ctx.database.db.insert(clients).values({ id: clientId, name: `Lifecycle ${clientId.slice(0, 8)}` });
    await adjustClientCount(ctx.database.db, 1);
  });
  afterAll(() => ctx?.close());

  /** A certificate put straight into `status` (counters kept right), valid until `validTo`. */
  async function certificateIn(
    status: CertificateStatus,
    validTo = Date.now() + 300 * DAY_MS,
  ): Promise<string> {
    const id = randomUUID();
    await ctx.database.db.insert(certificates).values({
      id,
      clientId,
      serialNumber: `LC-${id.slice(0, 13)}`,
      studioCount: 1,
      userCount: 1,
      validFrom: new Date(validTo - 365 * DAY_MS),
      validTo: new Date(validTo),
      status,
    });
    await adjustCertificateCounters(ctx.database.db, clientId, null, { status, validTo: new Date(validTo) });
    return id;
  }

  async function call(id: string, { action, role }: Pick<Cell, 'action' | 'role'>): Promise<Outcome> {
    const { method, path, body } = CALLS[action];
    const url = `/api/v1/certificates/${id}`;
    const response = await ctx.app.inject({
      method,
      url: `${url}${path}`,
      headers: headers[role],
      ...(body ? { payload: body() } : {}),
    });
    const read = await ctx.app.inject({ method: 'GET', url, headers: headers.owner });
    const after = read.statusCode === 404 ? 'gone' : (read.json() as { data: Certificate }).data.status;
    return [classOf(response.statusCode, response.body), after];
  }

  it('answers every (status, action, role) cell as the table says', async () => {
    const found: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const cell of cells) {
      found[name(cell)] = await call(await certificateIn(cell.status), cell);
      expected[name(cell)] = expectedOutcome(cell);
    }
    expect(found).toEqual(expected);
  });

  it('judges a licensed certificate past its validTo as expired, before the sweep has written it', async () => {
    const found: Record<string, AnswerClass> = {};
    const expected: Record<string, AnswerClass> = {};
    for (const stored of ['active', 'distributed'] as const) {
      for (const action of LIFECYCLE_ACTIONS) {
        for (const role of ROLE_NAMES) {
          const id = await certificateIn(stored, Date.now() - DAY_MS);
          const key = `${stored} past validTo × ${action} × ${role}`;
          found[key] = (await call(id, { action, role }))[0];
          expected[key] = expectedClass('expired', action, role);
        }
      }
    }
    expect(found).toEqual(expected);
  });
});

describe('the lifecycle table on the msw handlers', () => {
  // The handlers' relative paths are resolved against this origin (msw has no `location` in Node).
  const ORIGIN = 'http://localhost';
  const template = createMockCertificates()[0]!;

  async function call(cell: Cell): Promise<Outcome> {
    const certificate: Certificate = { ...template, status: cell.status };
    const store = createCertificateStore([certificate]);
    const handlers = certificateHandlers(store);
    const { method, path, body } = CALLS[cell.action];
    const request = new Request(
      new URL(`${DEFAULT_API_BASE}/certificates/${certificate.uuid}${path}`, ORIGIN),
      {
        method,
        headers: { Authorization: `Bearer ${accessTokenFor(cell.role)}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body()) } : {}),
      },
    );
    const response = await getResponse(handlers, request, { baseUrl: ORIGIN });
    if (!response) throw new Error(`no mock answers ${method} ${request.url}`);
    const text = response.headers.get('content-type')?.includes('json') ? await response.text() : '';
    const kept = store.certificates.find((c) => c.uuid === certificate.uuid);
    return [classOf(response.status, response.ok ? '' : text), kept ? kept.status : 'gone'];
  }

  it('answers every (status, action, role) cell as the table says', async () => {
    const found: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const cell of cells) {
      found[name(cell)] = await call(cell);
      expected[name(cell)] = expectedOutcome(cell);
    }
    expect(found).toEqual(expected);
  });
});

describe("the console's row actions", () => {
  it('offer exactly the allowed cells that have a row button, in the table order', () => {
    for (const status of CERTIFICATE_STATUSES) {
      for (const role of ROLE_NAMES) {
        const allowed = LIFECYCLE_ACTIONS.filter(
          (action) =>
            CERTIFICATE_LIFECYCLE[action].onRow && expectedClass(status, action, role) === 'allowed',
        );
        // History is listed last, after the status's steps.
        const ordered = [
          ...allowed.filter((a) => a !== 'history'),
          ...allowed.filter((a) => a === 'history'),
        ];
        expect({ status, role, actions: rowActionsFor(status, role) }).toEqual({
          status,
          role,
          actions: ordered,
        });
      }
    }
  });
});
