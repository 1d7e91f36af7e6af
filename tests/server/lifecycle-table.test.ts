// The lifecycle table (src/contract/certificate-lifecycle.ts, ADR 0007) and the rule functions beside it
// (certificate-rules.ts) are what the server, the msw handlers and the console's row actions all do. Every
// (status, action, role) cell, and every refusal the rules make, is called on the real API and on the mocks with the
// same facts (the same certificates, serial numbers, client names, counts and dates, and the mocks' clock
// FIXED_NOW on both), and the two must answer alike: the same status and error body (code, message, field errors)
// for a refusal, and for an allowed step the same history records ({action, description}, newest first), the same
// activity rows and the same statuses afterwards. The cells must also give the table's answer class (allowed: 2xx and
// the status it leads to; wrong status: 409 INVALID_TRANSITION; role lacking: 403), and a row offers exactly the
// allowed cells that have a button. Runs in the `server` and `server-pg` projects (vitest.config.ts).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, max } from 'drizzle-orm';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, FIXED_NOW } from '../../mocks/fixtures';
import { acmeClient, dormantClient } from '../../mocks/fixtures/certificates';
import { certificateHandlers, createCertificateStore } from '../../mocks/handlers/certificates';
import {
  CERTIFICATE_LIFECYCLE,
  LIFECYCLE_ACTIONS,
  effectiveStatus,
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
import type { Client } from '../../src/contract/clients';
import { DAY_MS, DEFAULT_API_BASE } from '../../src/contract/constants';
import { ROLE_NAMES, type RoleName } from '../../src/contract/roles';
import { rowActionsFor } from '../../src/features/certificates/row-actions';
import { activities, certificateRecords, certificates, clients } from '../../src/server/db/schema';
import { adjustCertificateCounters, adjustClientCount } from '../../src/server/services/shared/counters';
import { createTestApp, TestClock, userWithSession, type TestContext } from '../support/test-app';

const NOW = FIXED_NOW;
const day = (n: number) => NOW + n * DAY_MS;

// --- The facts both worlds are given -----------------------------------------------------------------------------

/** A certificate put in place before a call, the same in both worlds (`label` names it in the comparison). */
interface Seed {
  label: string;
  id: string;
  serialNumber: string;
  client: Client;
  status: CertificateStatus;
  validFrom: number;
  validTo: number;
  studioCount: number;
  userCount: number;
}

let serialSequence = 0;
const seed = (overrides: Partial<Seed> = {}): Seed => ({
  label: 'target',
  id: randomUUID(),
  serialNumber: `LC-${(serialSequence += 1)}`,
  client: acmeClient,
  status: 'pending',
  validFrom: day(-65),
  validTo: day(300),
  studioCount: 2,
  userCount: 10,
  ...overrides,
});

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1. */
  path: string;
  body?: object;
}

/** A call, its seeds, the calls that must succeed before it (as an editor), and who makes it. */
interface Case {
  seeds: Seed[];
  prepare?: Call[];
  call: Call;
  role: RoleName;
}

/** What a call did, as the two worlds are compared. */
interface Observed {
  status: number;
  /** The error body of a refusal (and the answer of a bulk call). */
  body?: unknown;
  /** Each certificate's status afterwards, as readers see it: a seed by its label, a new one as `new <serial>`. */
  after: Record<string, CertificateStatus | 'gone'>;
  /** The history records the call wrote, newest first, as `action: description`, per certificate. */
  wrote: Record<string, string[]>;
  /** The activity rows the call wrote, oldest first. */
  activity: string[];
}

/** What a world shows of the certificates of some serial numbers. */
interface Snapshot {
  certificates: { key: string; status: CertificateStatus; records: { id: string; line: string }[] }[];
  /** The certificates' ids, in that world. */
  ids: string[];
  activityMark: number;
}

/** The serial numbers a case touches: its seeds', and the one a create or transfer names. */
const serialsOf = ({ seeds, call }: Case) => {
  const named = (call.body as { serialNumber?: unknown } | undefined)?.serialNumber;
  return [...new Set([...seeds.map((s) => s.serialNumber), ...(typeof named === 'string' ? [named] : [])])];
};

const keyOf = (seeds: readonly Seed[], id: string, serialNumber: string) =>
  seeds.find((s) => s.id === id)?.label ?? `new ${serialNumber}`;

function observe(
  seeds: readonly Seed[],
  before: Snapshot,
  after: Snapshot,
  status: number,
  body: unknown,
  activity: string[],
): Observed {
  const known = new Set(before.certificates.flatMap((c) => c.records.map((r) => r.id)));
  const observed: Observed = { status, after: {}, wrote: {}, activity };
  if (body !== undefined) observed.body = body;
  for (const s of seeds) observed.after[s.label] = 'gone';
  for (const c of after.certificates) {
    observed.after[c.key] = c.status;
    const lines = c.records.filter((r) => !known.has(r.id)).map((r) => r.line);
    if (lines.length > 0) observed.wrote[c.key] = lines;
  }
  return observed;
}

interface World {
  run(c: Case): Promise<Observed>;
}

// --- The real API, on a clock at the mocks' now ------------------------------------------------------------------

async function realApi(ctx: TestContext): Promise<World> {
  const db = ctx.database.db;
  const headers = {} as Record<RoleName, { authorization: string }>;
  for (const role of ROLE_NAMES) headers[role] = (await userWithSession(ctx, role)).headers;
  // The mocks' clients, with their ids and names, so requests and texts are the same in both worlds.
  for (const client of [acmeClient, dormantClient])
    await db.insert(clients).values({ id: client.uuid, name: client.name, isActive: client.isActive });
  await adjustClientCount(db, 2);

  async function snapshot(c: Case): Promise<Snapshot> {
    const rows = await db
      .select({
        id: certificates.id,
        serialNumber: certificates.serialNumber,
        status: certificates.status,
        validTo: certificates.validTo,
      })
      .from(certificates)
      .where(inArray(certificates.serialNumber, serialsOf(c)));
    const records = rows.length
      ? await db
          .select({
            id: certificateRecords.id,
            certificateId: certificateRecords.certificateId,
            action: certificateRecords.action,
            description: certificateRecords.description,
          })
          .from(certificateRecords)
          .where(
            inArray(
              certificateRecords.certificateId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(certificateRecords.createdAt), desc(certificateRecords.id))
      : [];
    const [mark] = await db.select({ id: max(activities.id) }).from(activities);
    return {
      certificates: rows.map((row) => ({
        key: keyOf(c.seeds, row.id, row.serialNumber),
        status: effectiveStatus(row.status as CertificateStatus, row.validTo.getTime(), NOW),
        records: records
          .filter((r) => r.certificateId === row.id)
          .map((r) => ({ id: r.id, line: `${r.action}: ${r.description}` })),
      })),
      ids: rows.map((row) => row.id),
      activityMark: Number(mark?.id ?? 0),
    };
  }

  const send = (role: RoleName, { method, path, body }: Call) =>
    ctx.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: headers[role],
      ...(body ? { payload: body } : {}),
    });

  return {
    async run(c) {
      for (const s of c.seeds) {
        await db.insert(certificates).values({
          id: s.id,
          clientId: s.client.uuid,
          serialNumber: s.serialNumber,
          studioCount: s.studioCount,
          userCount: s.userCount,
          validFrom: new Date(s.validFrom),
          validTo: new Date(s.validTo),
          status: s.status,
        });
        await adjustCertificateCounters(db, s.client.uuid, null, {
          status: s.status,
          validTo: new Date(s.validTo),
        });
      }
      for (const step of c.prepare ?? []) {
        const prepared = await send('editor', step);
        expect(prepared.statusCode, `${step.path}: ${prepared.body}`).toBeLessThan(300);
      }
      const before = await snapshot(c);
      const response = await send(c.role, c.call);
      const after = await snapshot(c);
      const written = await db
        .select({ description: activities.description })
        .from(activities)
        .where(
          and(
            eq(activities.targetType, 'certificate'),
            inArray(activities.targetId, [...before.ids, ...after.ids]),
            gt(activities.id, before.activityMark),
          ),
        )
        .orderBy(activities.id);
      const failed = response.statusCode >= 300;
      const body = failed || c.call.path === '/certificates/bulk' ? response.json() : undefined;
      return observe(
        c.seeds,
        before,
        after,
        response.statusCode,
        body,
        written.map((row) => row.description),
      );
    },
  };
}

// --- The msw handlers ------------------------------------------------------------------------------------------

// The handlers' relative paths are resolved against this origin (msw has no `location` in Node).
const ORIGIN = 'http://localhost';

const mockCertificateOf = (s: Seed): Certificate => ({
  uuid: s.id,
  clientId: s.client.uuid,
  clientName: s.client.name,
  serialNumber: s.serialNumber,
  studioCount: s.studioCount,
  userCount: s.userCount,
  validFrom: s.validFrom,
  validTo: s.validTo,
  status: s.status,
  notes: '',
  lastUsedAt: null,
  transferredFrom: null,
  transferredTo: null,
  // Put in place as the server's rows are: no licence signed yet, no history, no terms beyond the dates.
  license: null,
  graceDays: 0,
  graceUntil: s.validTo,
  fileLifetimeDays: null,
  lastCheckInAt: null,
  lastCheckInHostname: null,
  lastCheckInSoftwareVersion: null,
  checkInOverdue: false,
});

const mockWorld: World = {
  async run(c) {
    const store = createCertificateStore(c.seeds.map(mockCertificateOf));
    for (const s of c.seeds) store.records.set(s.id, []);
    const handlers = certificateHandlers(store);
    const send = async (role: RoleName, { method, path, body }: Call) => {
      const request = new Request(new URL(`${DEFAULT_API_BASE}${path}`, ORIGIN), {
        method,
        headers: { Authorization: `Bearer ${accessTokenFor(role)}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const response = await getResponse(handlers, request, { baseUrl: ORIGIN });
      if (!response) throw new Error(`no mock answers ${method} ${request.url}`);
      return response;
    };
    const snapshot = (): Snapshot => {
      const serials = serialsOf(c);
      return {
        certificates: store.certificates
          .filter((x) => serials.includes(x.serialNumber))
          .map((x) => ({
            key: keyOf(c.seeds, x.uuid, x.serialNumber),
            status: effectiveStatus(x.status, x.validTo, NOW),
            records: (store.records.get(x.uuid) ?? []).map((r) => ({
              id: r.uuid,
              line: `${r.action}: ${r.description}`,
            })),
          })),
        ids: store.certificates.filter((x) => serials.includes(x.serialNumber)).map((x) => x.uuid),
        activityMark: store.activity.length,
      };
    };
    for (const step of c.prepare ?? []) {
      const prepared = await send('editor', step);
      expect(prepared.status, `${step.path}: ${await prepared.text()}`).toBeLessThan(300);
    }
    const before = snapshot();
    const response = await send(c.role, c.call);
    const after = snapshot();
    const failed = response.status >= 300;
    const body = failed || c.call.path === '/certificates/bulk' ? await response.json() : undefined;
    const activity = store.activity.slice(before.activityMark).map((row) => row.description);
    return observe(c.seeds, before, after, response.status, body, activity);
  },
};

// --- The cells of the table ------------------------------------------------------------------------------------

type AnswerClass = 'allowed' | 'wrong status' | 'role lacking' | `other ${number} ${string}`;

/** The table's answer: the role is checked first (before the certificate is read), then the status. */
const expectedClass = (status: CertificateStatus, action: LifecycleAction, role: RoleName): AnswerClass =>
  !roleMayTake(role, action) ? 'role lacking' : isAllowedFrom(action, status) ? 'allowed' : 'wrong status';

function classOf({ status, body }: Observed): AnswerClass {
  if (status >= 200 && status < 300) return 'allowed';
  const code = (body as { code?: string } | undefined)?.code ?? '';
  if (status === 409 && code === 'INVALID_TRANSITION') return 'wrong status';
  if (status === 403 && code === 'FORBIDDEN') return 'role lacking';
  return `other ${status} ${code}`;
}

/** How each action is called on a certificate. */
const CALLS: Record<LifecycleAction, (s: Seed) => Call> = {
  edit: (s) => ({ method: 'PUT', path: `/certificates/${s.id}`, body: { notes: 'Edited by the walk' } }),
  activate: (s) => ({ method: 'POST', path: `/certificates/${s.id}/activate` }),
  delete: (s) => ({ method: 'DELETE', path: `/certificates/${s.id}` }),
  generate: (s) => ({ method: 'POST', path: `/certificates/${s.id}/generate` }),
  // Past every certificate's end in these walks (they end within 300 days).
  renew: (s) => ({ method: 'POST', path: `/certificates/${s.id}/renew`, body: { validTo: day(400) } }),
  transfer: (s) => ({
    method: 'POST',
    path: `/certificates/${s.id}/transfer`,
    body: { serialNumber: `${s.serialNumber}-NEW`, reason: 'new workstation' },
  }),
  download: (s) => ({ method: 'POST', path: `/certificates/${s.id}/download` }),
  amend: (s) => ({ method: 'PUT', path: `/certificates/${s.id}/terms`, body: { graceDays: 3 } }),
  revoke: (s) => ({
    method: 'POST',
    path: `/certificates/${s.id}/revoke`,
    body: { reason: 'lifecycle walk' },
  }),
  history: (s) => ({ method: 'GET', path: `/certificates/${s.id}/records` }),
};

interface Cell {
  status: CertificateStatus;
  action: LifecycleAction;
  role: RoleName;
}
const cells: Cell[] = CERTIFICATE_STATUSES.flatMap((status) =>
  LIFECYCLE_ACTIONS.flatMap((action) => ROLE_NAMES.map((role) => ({ status, action, role }))),
);
const nameOf = ({ status, action, role }: Cell) => `${status} × ${action} × ${role}`;

// --- The rules' scenarios ----------------------------------------------------------------------------------------

interface Scenario {
  name: string;
  make: () => Case;
  /** What the real API must answer, so a scenario cannot pass by both worlds missing the rule. */
  expect: { status: number; code?: string };
}

const editor = 'editor' as const;
const post = (path: string, body?: object): Call => ({ method: 'POST', path, ...(body ? { body } : {}) });
const put = (path: string, body: object): Call => ({ method: 'PUT', path, body });
const createBody = (over: object = {}) => ({
  clientId: acmeClient.uuid,
  serialNumber: `LC-${(serialSequence += 1)}`,
  studioCount: 3,
  userCount: 12,
  validFrom: NOW,
  validTo: day(365),
  notes: '',
  ...over,
});
const refusedWith = (status: number, code: string) => ({ status, code });
const allowed = (status = 200) => ({ status });

/** The same serial number for a seed and what clashes with it. */
const sharing = (serialNumber: string, over: Partial<Seed>) => seed({ serialNumber, ...over });

const SCENARIOS: Scenario[] = [
  // An inactive client: nothing new is signed, what reduces exposure stays open.
  {
    name: 'inactive client × create',
    make: () => ({
      seeds: [],
      call: post('/certificates', createBody({ clientId: dormantClient.uuid })),
      role: editor,
    }),
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  ...(['activate', 'generate', 'renew', 'amend', 'transfer'] as const).map((action): Scenario => ({
    name: `inactive client × ${action}`,
    make: () => {
      const target = seed({ client: dormantClient, status: action === 'activate' ? 'pending' : 'active' });
      return { seeds: [target], call: CALLS[action](target), role: editor };
    },
    expect: refusedWith(409, 'CONFLICT'),
  })),
  ...(['edit', 'download', 'revoke', 'delete'] as const).map((action): Scenario => ({
    name: `inactive client × ${action} (open)`,
    make: () => {
      const status = action === 'edit' || action === 'delete' ? 'pending' : 'active';
      const target = seed({ client: dormantClient, status });
      return { seeds: [target], call: CALLS[action](target), role: action === 'delete' ? 'admin' : editor };
    },
    expect: allowed(action === 'delete' ? 204 : 200),
  })),
  {
    name: 'ended period × activate',
    make: () => {
      const target = seed({ validFrom: day(-400), validTo: day(-1) });
      return { seeds: [target], call: CALLS.activate(target), role: editor };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  // Serial-number overlap, on every call that sets a period of a serial number.
  {
    name: 'overlap × create (an active one)',
    make: () => {
      const live = seed({ label: 'live', status: 'active', validFrom: day(-100), validTo: day(200) });
      return {
        seeds: [live],
        call: post('/certificates', createBody({ serialNumber: live.serialNumber })),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  {
    name: 'overlap × create (a draft, and the earliest of two)',
    make: () => {
      const later = seed({ label: 'later', validFrom: day(200), validTo: day(500) });
      const draft = sharing(later.serialNumber, { label: 'draft', validFrom: day(10), validTo: day(100) });
      return {
        seeds: [later, draft],
        call: post('/certificates', createBody({ serialNumber: draft.serialNumber, validTo: day(700) })),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  {
    name: 'no overlap × create (revoked, and active past its end, are not live)',
    make: () => {
      const revoked = seed({ label: 'revoked', status: 'revoked', validFrom: day(-10), validTo: day(300) });
      const lapsed = sharing(revoked.serialNumber, {
        label: 'lapsed',
        status: 'active',
        validFrom: day(-300),
        validTo: day(-1),
      });
      return {
        seeds: [revoked, lapsed],
        call: post('/certificates', createBody({ serialNumber: revoked.serialNumber, validFrom: day(-5) })),
        role: editor,
      };
    },
    expect: allowed(201),
  },
  {
    name: 'overlap × edit (another serial number)',
    make: () => {
      const target = seed({ validFrom: day(10), validTo: day(100) });
      const live = seed({ label: 'live', status: 'distributed', validFrom: day(-100), validTo: day(200) });
      return {
        seeds: [target, live],
        call: put(`/certificates/${target.id}`, { serialNumber: live.serialNumber }),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  {
    name: 'overlap × edit (its own serial number, a longer period)',
    make: () => {
      const target = seed({ validFrom: day(300), validTo: day(600) });
      const draft = sharing(target.serialNumber, { label: 'draft', validFrom: day(0), validTo: day(200) });
      return {
        seeds: [target, draft],
        call: put(`/certificates/${target.id}`, { validFrom: day(100) }),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  {
    name: 'overlap × renew',
    make: () => {
      const target = seed({ status: 'active', validFrom: day(-100), validTo: day(100) });
      const next = sharing(target.serialNumber, { label: 'next', validFrom: day(150), validTo: day(500) });
      return {
        seeds: [target, next],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(200) }),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  {
    name: 'overlap × transfer',
    make: () => {
      const target = seed({ status: 'active' });
      const live = seed({ label: 'live', status: 'active', validFrom: day(-100), validTo: day(200) });
      return {
        seeds: [target, live],
        call: post(`/certificates/${target.id}/transfer`, { serialNumber: live.serialNumber }),
        role: editor,
      };
    },
    expect: refusedWith(409, 'CONFLICT'),
  },
  // The edit's own checks.
  {
    name: 'edit × a period ending before it starts',
    make: () => {
      const target = seed({ validFrom: day(0), validTo: day(365) });
      return {
        seeds: [target],
        call: put(`/certificates/${target.id}`, { validFrom: day(400) }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'edit × another status',
    make: () => {
      const target = seed();
      return { seeds: [target], call: put(`/certificates/${target.id}`, { status: 'active' }), role: editor };
    },
    expect: refusedWith(409, 'INVALID_TRANSITION'),
  },
  {
    name: 'edit × its own status, nothing else: nothing written',
    make: () => {
      const target = seed();
      return {
        seeds: [target],
        call: put(`/certificates/${target.id}`, { status: 'pending' }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  {
    name: 'edit × several fields',
    make: () => {
      const target = seed();
      return {
        seeds: [target],
        call: put(`/certificates/${target.id}`, {
          serialNumber: `${target.serialNumber}-B`,
          userCount: 40,
          validTo: day(500),
          notes: 'spare workstation',
        }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  // A renewal's terms.
  {
    name: 'renew × an earlier end',
    make: () => {
      const target = seed({ status: 'active', validTo: day(100) });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(50) }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'renew × the same end and counts',
    make: () => {
      const target = seed({ status: 'distributed', validTo: day(100) });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(100), userCount: 10 }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'renew × the same end with more seats',
    make: () => {
      const target = seed({ status: 'distributed', validTo: day(100) });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(100), studioCount: 4 }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  {
    name: 'renew × an end in the past',
    make: () => {
      const target = seed({ status: 'expired', validFrom: day(-400), validTo: day(-30) });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(-1) }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'renew × seats lowered after a download',
    make: () => {
      const target = seed({ studioCount: 3, userCount: 20 });
      return {
        seeds: [target],
        prepare: [post(`/certificates/${target.id}/activate`), post(`/certificates/${target.id}/download`)],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(400), studioCount: 1, userCount: 5 }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'renew × seats lowered, never downloaded',
    make: () => {
      const target = seed({ studioCount: 3, userCount: 20 });
      return {
        seeds: [target],
        prepare: [post(`/certificates/${target.id}/activate`)],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(400), userCount: 5 }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  // New licence terms: both at once, none changed (nothing written), and a renewal that changes them too.
  {
    name: 'amend × grace and a lifetime',
    make: () => {
      const target = seed({ status: 'distributed' });
      return {
        seeds: [target],
        call: put(`/certificates/${target.id}/terms`, { graceDays: 7, fileLifetimeDays: 30 }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  {
    name: 'amend × the terms it has',
    make: () => {
      const target = seed({ status: 'active' });
      return {
        seeds: [target],
        call: put(`/certificates/${target.id}/terms`, { graceDays: 0, fileLifetimeDays: null }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  {
    name: 'amend × no terms',
    make: () => {
      const target = seed({ status: 'active' });
      return { seeds: [target], call: put(`/certificates/${target.id}/terms`, {}), role: editor };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'renew × new terms with the new end',
    make: () => {
      const target = seed({ status: 'active', validTo: day(100) });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/renew`, { validTo: day(400), graceDays: 14 }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  // A transfer's own check, and one that goes through without a reason.
  {
    name: 'transfer × the same serial number',
    make: () => {
      const target = seed({ status: 'active' });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/transfer`, { serialNumber: target.serialNumber }),
        role: editor,
      };
    },
    expect: refusedWith(400, 'VALIDATION_FAILED'),
  },
  {
    name: 'transfer × no reason',
    make: () => {
      const target = seed({ status: 'distributed' });
      return {
        seeds: [target],
        call: post(`/certificates/${target.id}/transfer`, { serialNumber: `${target.serialNumber}-NEW` }),
        role: editor,
      };
    },
    expect: allowed(201),
  },
  {
    name: 'revoke × no reason',
    make: () => {
      const target = seed({ status: 'active' });
      return { seeds: [target], call: post(`/certificates/${target.id}/revoke`, {}), role: editor };
    },
    expect: allowed(),
  },
  {
    name: 'create',
    make: () => ({
      seeds: [],
      call: post('/certificates', createBody({ studioCount: 1, userCount: 1 })),
      role: editor,
    }),
    expect: allowed(201),
  },
  {
    name: 'create × its own terms',
    make: () => ({
      seeds: [],
      call: post('/certificates', createBody({ graceDays: 30, fileLifetimeDays: 90 })),
      role: editor,
    }),
    expect: allowed(201),
  },
  // The bulk calls run the single commands: each row's refusal is the single call's.
  {
    name: 'bulk renew × extendBy, rows refused by their own rules',
    make: () => {
      const fine = seed({ label: 'fine', status: 'active', validTo: day(20) });
      const lapsed = seed({ label: 'lapsed', status: 'expired', validFrom: day(-400), validTo: day(-40) });
      const inactive = seed({ label: 'inactive', client: dormantClient, status: 'active', validTo: day(20) });
      const pending = seed({ label: 'pending' });
      return {
        seeds: [fine, lapsed, inactive, pending],
        call: post('/certificates/bulk', {
          action: 'renew',
          ids: [fine.id, lapsed.id, inactive.id, pending.id],
          extendBy: { months: 1 },
        }),
        role: editor,
      };
    },
    expect: allowed(),
  },
  {
    name: 'bulk activate × an ended period and an inactive client',
    make: () => {
      const fine = seed({ label: 'fine' });
      const ended = seed({ label: 'ended', validFrom: day(-400), validTo: day(-1) });
      const inactive = seed({ label: 'inactive', client: dormantClient });
      return {
        seeds: [fine, ended, inactive],
        call: post('/certificates/bulk', { action: 'activate', ids: [fine.id, ended.id, inactive.id] }),
        role: editor,
      };
    },
    expect: allowed(),
  },
];

// --- The walks -------------------------------------------------------------------------------------------------

describe('the lifecycle table and the certificate rules, on the real API and on the mocks', () => {
  let ctx: TestContext;
  let api: World;

  beforeAll(async () => {
    // The mocks' now: dates in texts and the rules' "now" are the same in both worlds. The clock stands still, so
    // the access tokens signed at its time never expire (a day's lifetime in case a test moves it).
    // The sweep is off: it would expire the past-due rows the walk puts in place, and write about them, mid-walk.
    ctx = await createTestApp({
      clock: new TestClock(NOW),
      env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
      expirySweep: false,
    });
    api = await realApi(ctx);
  });
  afterAll(() => ctx?.close());

  /** Runs every case in both worlds; answers what each observed, by name. */
  async function walk(cases: [name: string, make: () => Case][]) {
    const found = { api: {} as Record<string, Observed>, mocks: {} as Record<string, Observed> };
    for (const [name, make] of cases) {
      const c = make();
      found.api[name] = await api.run(c);
      found.mocks[name] = await mockWorld.run(c);
    }
    return found;
  }

  it('answers every (status, action, role) cell as the table says, with the same bodies and texts in both', async () => {
    const found = await walk(
      cells.map((cell) => [
        nameOf(cell),
        () => {
          const target = seed({ status: cell.status });
          return { seeds: [target], call: CALLS[cell.action](target), role: cell.role };
        },
      ]),
    );
    const classes = Object.fromEntries(
      Object.entries(found.api).map(([name, o]) => [name, [classOf(o), o.after.target]]),
    );
    const expected = Object.fromEntries(
      cells.map((cell) => {
        const answer = expectedClass(cell.status, cell.action, cell.role);
        const after = answer === 'allowed' ? (statusAfter(cell.action, cell.status) ?? 'gone') : cell.status;
        return [nameOf(cell), [answer, after]];
      }),
    );
    expect(classes).toEqual(expected);
    expect(found.mocks).toEqual(found.api);
    // Every cell is a certificate made, called and read back in both worlds: 180 of them take 15-30 s on PostgreSQL
    // when the machine is shared.
  }, 90_000);

  it('judges a licensed certificate past its validTo as expired, before the sweep has written it, in both', async () => {
    const pastDue = (['active', 'distributed'] as const).flatMap((stored) =>
      LIFECYCLE_ACTIONS.flatMap((action) => ROLE_NAMES.map((role) => ({ stored, action, role }))),
    );
    const name = ({ stored, action, role }: (typeof pastDue)[number]) =>
      `${stored} past validTo × ${action} × ${role}`;
    const found = await walk(
      pastDue.map((cell) => [
        name(cell),
        () => {
          const target = seed({ status: cell.stored, validFrom: day(-365), validTo: day(-1) });
          return { seeds: [target], call: CALLS[cell.action](target), role: cell.role };
        },
      ]),
    );
    expect(Object.fromEntries(Object.entries(found.api).map(([key, o]) => [key, classOf(o)]))).toEqual(
      Object.fromEntries(
        pastDue.map((cell) => [name(cell), expectedClass('expired', cell.action, cell.role)]),
      ),
    );
    expect(found.mocks).toEqual(found.api);
  });

  it('refuses, and allows, by every rule beside the table with the same bodies and texts in both', async () => {
    const found = await walk(SCENARIOS.map((s) => [s.name, s.make]));
    const answered = Object.fromEntries(
      Object.entries(found.api).map(([name, o]) => [
        name,
        { status: o.status, ...(o.status >= 300 ? { code: (o.body as { code?: string }).code } : {}) },
      ]),
    );
    expect(answered).toEqual(Object.fromEntries(SCENARIOS.map((s) => [s.name, s.expect])));
    expect(found.mocks).toEqual(found.api);
  });
});

describe("the console's row actions", () => {
  it('offer exactly the allowed cells that have a row button, in the table order', () => {
    for (const status of CERTIFICATE_STATUSES) {
      for (const role of ROLE_NAMES) {
        const allowedActions = LIFECYCLE_ACTIONS.filter(
          (action) =>
            CERTIFICATE_LIFECYCLE[action].onRow && expectedClass(status, action, role) === 'allowed',
        );
        // History is listed last, after the status's steps.
        const ordered = [
          ...allowedActions.filter((a) => a !== 'history'),
          ...allowedActions.filter((a) => a === 'history'),
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
