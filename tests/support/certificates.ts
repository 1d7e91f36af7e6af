// Certificate fixtures shared by the server tests: clients and certificates made directly or through the API,
// lifecycle steps, and the checks that counters, history and activity agree with the rows.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  certificateResponseSchema,
  type Certificate,
  type CertificateStatus,
  type CreateCertificateRequest,
} from '../../src/contract/certificates';
import { DAY_MS } from '../../src/contract/constants';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { activities, certificateRecords, certificates, clients } from '../../src/server/db/schema';
import {
  adjustCertificateCounters,
  adjustClientCount,
  ENDING_COUNTER_PREFIX,
  endingCounterKeySql,
  readCounters,
} from '../../src/server/services/shared/counters';
import { LICENSED_LIST } from '../../src/server/services/certificates/status-rules';
import type { Caller } from './callers';

export interface ClientFixture {
  id: string;
  name: string;
}

/** Inserts a client directly (keeping the 'clients' counter right). */
export async function insertClient(
  db: Db,
  overrides: {
    name?: string;
    isActive?: boolean;
    deleted?: boolean;
    contactEmail?: string;
    /** The client's contact gets expiry reminders (docs/mail.md). */
    remindContact?: boolean;
    createdAt?: Date;
  } = {},
): Promise<ClientFixture> {
  const id = randomUUID();
  const name = overrides.name ?? `Client ${id.slice(0, 8)}`;
  await db.transaction(async (tx) => {
    await tx.insert(clients).values({
      id,
      name,
      isActive: overrides.isActive ?? true,
      contactEmail: overrides.contactEmail ?? '',
      remindContact: overrides.remindContact ?? false,
      deletedAt: overrides.deleted ? new Date() : null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    });
    if (!overrides.deleted) await adjustClientCount(tx, 1);
  });
  return { id, name };
}

let serialSequence = 0;
/** A serial number no other test uses. */
export const uniqueSerial = (prefix = 'SN') =>
  `${prefix}-${Date.now().toString(36)}-${(serialSequence += 1)}`;

/** A valid create body: one year from `from` (epoch ms). */
export function certificateBody(
  clientId: string,
  from: number,
  overrides: Partial<CreateCertificateRequest> = {},
): CreateCertificateRequest {
  return {
    clientId,
    serialNumber: uniqueSerial(),
    studioCount: 2,
    userCount: 10,
    validFrom: from,
    validTo: from + 365 * DAY_MS,
    notes: '',
    ...overrides,
  };
}

/** Creates a certificate through the API as `as` and returns it (fails the test on anything but 201). */
export async function createCertificate(as: Caller, body: CreateCertificateRequest): Promise<Certificate> {
  const response = await as.post('/certificates', body);
  expect(response.statusCode, response.body).toBe(201);
  return certificateResponseSchema.parse(response.json()).data;
}

export type LifecycleStep = 'activate' | 'generate' | 'download' | 'revoke';

/** Runs a lifecycle step through the API (`POST /certificates/{id}/{step}`), answering whatever the server says. */
export const stepRequest = (
  as: Caller,
  id: string,
  step: LifecycleStep,
  payload?: object,
): Promise<LightMyRequestResponse> => as.post(`/certificates/${id}/${step}`, payload);

/**
 * Creates a certificate through the API and walks it to `status` (activate, then download or revoke), each step
 * required to succeed: for tests that need certificates in every status as the console would make them.
 */
export async function certificateInStatus(
  as: Caller,
  status: 'pending' | 'active' | 'distributed' | 'revoked',
  body: CreateCertificateRequest,
): Promise<Certificate> {
  const created = await createCertificate(as, body);
  const steps: LifecycleStep[] =
    status === 'pending'
      ? []
      : status === 'active'
        ? ['activate']
        : ['activate', status === 'distributed' ? 'download' : 'revoke'];
  for (const step of steps) {
    const response = await stepRequest(as, created.uuid, step);
    expect(response.statusCode, `${step}: ${response.body}`).toBe(200);
  }
  return created;
}

/**
 * Moves a certificate's period straight in the table (a test's shortcut to an end in the past, or to a chosen day),
 * with its counters kept right.
 */
export async function setPeriod(db: Db, id: string, validFrom: Date, validTo: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ clientId: certificates.clientId, status: certificates.status, validTo: certificates.validTo })
      .from(certificates)
      .where(eq(certificates.id, id))
      .for('update');
    if (!row) throw new Error(`no certificate ${id}`);
    await tx.update(certificates).set({ validFrom, validTo }).where(eq(certificates.id, id));
    const status = row.status as CertificateStatus;
    await adjustCertificateCounters(tx, row.clientId, { status, validTo: row.validTo }, { status, validTo });
  });
}

/** Certificates counters as the dashboard sees them, and the truth counted from the rows. */
export async function countersAndTruth(db: Db) {
  const stored = await readCounters(db);
  const truth = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from certificates group by status`,
  );
  const counted = Object.fromEntries(truth.map((r) => [r.status, Number(r.n)]));
  const statuses = ['pending', 'active', 'distributed', 'expired', 'revoked'];
  return {
    counters: Object.fromEntries(statuses.map((s) => [s, stored.get(`certificates.${s}`) ?? 0])),
    truth: Object.fromEntries(statuses.map((s) => [s, counted[s] ?? 0])),
  };
}

/** Asserts the counters table and every client's counts agree with the rows. */
export async function expectCountersConsistent(db: Db) {
  const { counters, truth } = await countersAndTruth(db);
  expect(counters).toEqual(truth);
  const drift = await queryRows<{ id: string }>(
    db,
    sql`select c.id from clients c
        where c.certificate_count <> (select count(*) from certificates x where x.client_id = c.id)
           or c.active_certificates <> (select count(*) from certificates x where x.client_id = c.id and x.status in ('active','distributed'))`,
  );
  expect(drift).toEqual([]);
  const log = await queryRows<{ key: string; stored: number; counted: number }>(
    db,
    sql`select k.key, coalesce(c.value, 0)::int as stored,
               (select count(*)::int from activities a where k.key = 'log.total' or k.key = 'log.' || a.target_type) as counted
        from (values ('log.total'), ('log.certificate'), ('log.client'), ('log.user')) k(key)
        left join counters c on c.key = k.key`,
  );
  expect(log.filter((row) => Number(row.stored) !== Number(row.counted))).toEqual([]);
  // The ending counters (by UTC day of validTo, licensed certificates only), zeros left out on both sides.
  const endings = await queryRows<{ key: string; stored: number; counted: number }>(
    db,
    sql`select coalesce(s.key, t.key) as key, coalesce(s.value, 0)::int as stored, coalesce(t.n, 0)::int as counted
        from (select key, value from counters where key like ${`${ENDING_COUNTER_PREFIX}%`} and value <> 0) s
        full join (select ${endingCounterKeySql(certificates.validTo)} as key, count(*) as n
                   from ${certificates} where ${certificates.status} in ${LICENSED_LIST} group by 1) t on t.key = s.key`,
  );
  expect(endings.filter((row) => Number(row.stored) !== Number(row.counted))).toEqual([]);
}

/** The history actions of a certificate, newest first. */
export async function historyActions(db: Db, certificateId: string): Promise<string[]> {
  const rows = await db
    .select({ action: certificateRecords.action })
    .from(certificateRecords)
    .where(eq(certificateRecords.certificateId, certificateId))
    .orderBy(sql`${certificateRecords.createdAt} desc, ${certificateRecords.id} desc`);
  return rows.map((r) => r.action);
}

/** The activity types written about a target, oldest first, with their actor names. */
export async function activitiesOf(db: Db, targetId: string) {
  return db
    .select({ type: activities.type, actorName: activities.actorName, description: activities.description })
    .from(activities)
    .where(eq(activities.targetId, targetId))
    .orderBy(activities.id);
}
