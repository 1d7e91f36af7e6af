// Certificates: list, read, create, edit, delete and the lifecycle steps of docs/requirements.md#certificate-lifecycle, with history records,
// activity rows and counters written in the same transaction as each change.
//
// Concurrency: every step locks the certificate row (`SELECT ... FOR UPDATE`) and re-checks its status under
// the lock, so two processes never apply one step twice or write duplicate history. Serial-number overlap
// checks run under a transaction-scoped advisory lock on the serial number, so two concurrent creates of the
// same serial cannot both pass. Lock order: certificate row, advisory lock, client row, counter rows.
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type {
  Certificate,
  CertificateRecord,
  CertificateStatus,
  CertificatesExportQuery,
  CertificatesList,
  CertificatesQuery,
  CreateCertificateRequest,
  HistoryAction,
  UpdateCertificateRequest,
} from '../../contract/certificates';
import { CERTIFICATE_MESSAGES, serialOverlapMessage } from '../../contract/certificates';
import type { Db, Tx } from '../db/client';
import type { LicensedCertificate, LicenseFile, LicenseService } from '../licensing/license-service';
import { certificateRecords, certificates, clients } from '../db/schema';
import { conflict, invalidTransition, notFound, validationFailed } from '../errors';
import { recordActivity } from './audit';
import type { Actor, AppContext } from './context';
import { adjustCertificateCounters, readEffectiveCertificateCounts } from './counters';
import { containsPattern } from '../db/rows';
import { assertClientAllows, refusedForClient } from './inactive-clients';

/** What this service needs from licensing: signing on activation and renewal, the file on download. */
export type LicenseIssuer = Pick<LicenseService, 'issue' | 'reissue' | 'fileFor'>;

// A namespace for advisory locks on serial numbers (the two-int form keeps them apart from other locks).
const SERIAL_LOCK_NAMESPACE = 41_870;

/** A timestamp parameter; ISO text so pg and PGlite bind it alike. */
export const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The status a reader sees: an active or distributed certificate whose validTo has passed is expired even
 * before the sweep has marked it. Pending certificates are drafts (no licence exists yet): they stay pending
 * after their dates lapse, so they can still be edited to new dates.
 */
export const effectiveStatusSql = (now: Date) =>
  sql<CertificateStatus>`(case when ${certificates.status} in ('active','distributed') and ${certificates.validTo} <= ${tsParam(now)} then 'expired' else ${certificates.status} end)`;

export function effectiveStatus(row: { status: string; validTo: Date }, now: Date): CertificateStatus {
  const status = row.status as CertificateStatus;
  return (status === 'active' || status === 'distributed') && row.validTo.getTime() <= now.getTime()
    ? 'expired'
    : status;
}

/** The filter of a status as readers see it (see `effectiveStatusSql`). */
function statusFilter(status: CertificateStatus, now: Date): SQL {
  const at = tsParam(now);
  switch (status) {
    case 'active':
    case 'distributed':
      return sql`(${certificates.status} = ${status} and ${certificates.validTo} > ${at})`;
    case 'expired':
      return sql`(${certificates.status} = 'expired' or (${certificates.status} in ('active','distributed') and ${certificates.validTo} <= ${at}))`;
    default:
      return sql`${certificates.status} = ${status}`;
  }
}

/** Keyset condition: rows after `cursor` in (created_at desc, id asc) order. */
export const afterCursor = (
  createdAt: SQLWrapper,
  id: SQLWrapper,
  cursor: { createdAt: string; id: string },
) =>
  sql`(${createdAt} <= ${cursor.createdAt}::timestamptz and (${createdAt} < ${cursor.createdAt}::timestamptz or ${id} > ${cursor.id}::uuid))`;

function listFilters(query: CertificatesExportQuery, now: Date): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter(query.status, now));
  if (query.clientId) filters.push(eq(certificates.clientId, query.clientId));
  const search = query.search?.trim();
  if (search) {
    // Two indexed lookups (trigram on serial numbers, trigram on client names, then the certificates of
    // those clients) instead of one OR over the join, which no index can serve.
    const pattern = containsPattern(search);
    filters.push(sql`${certificates.id} in (
      select s.id from certificates s where s.serial_number ilike ${pattern}
      union all
      select s.id from certificates s join clients k on k.id = s.client_id where k.name ilike ${pattern})`);
  }
  return filters;
}

/** Newest first, in the order of the index `certificates_created_at` (created_at desc nulls last, id). */
const newestFirst = [sql`${certificates.createdAt} desc nulls last`, sql`${certificates.id} asc`];

const certificateColumns = (now: Date) => ({
  id: certificates.id,
  clientId: certificates.clientId,
  clientName: clients.name,
  serialNumber: certificates.serialNumber,
  studioCount: certificates.studioCount,
  userCount: certificates.userCount,
  validFrom: certificates.validFrom,
  validTo: certificates.validTo,
  status: effectiveStatusSql(now),
  notes: certificates.notes,
  lastUsedAt: certificates.lastUsedAt,
});

/** A certificate row as lists read it: the licensed fields plus lifecycle state. */
type CertificateRow = LicensedCertificate & {
  status: string;
  notes: string;
  lastUsedAt: Date | null;
};

/** The wire shape of a certificate (docs/requirements.md#entities). */
export function toCertificate(row: CertificateRow): Certificate {
  return {
    uuid: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    serialNumber: row.serialNumber,
    studioCount: row.studioCount,
    userCount: row.userCount,
    validFrom: row.validFrom.getTime(),
    validTo: row.validTo.getTime(),
    status: row.status as CertificateStatus,
    notes: row.notes,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.getTime() : null,
  };
}

// Time-ordered record ids (UUIDv7 layout): records written in the same millisecond still list newest first.
let lastIdMs = 0;
let idSequence = 0;
export function timeOrderedId(at: Date): string {
  let ms = at.getTime();
  if (ms <= lastIdMs) {
    ms = lastIdMs;
    idSequence += 1;
    if (idSequence > 0xfff) {
      ms += 1;
      idSequence = 0;
    }
  } else {
    idSequence = 0;
  }
  lastIdMs = ms;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const msHex = ms.toString(16).padStart(12, '0').slice(-12);
  for (let i = 0; i < 6; i += 1) bytes[i] = Number.parseInt(msHex.slice(i * 2, i * 2 + 2), 16);
  bytes[6] = 0x70 | ((idSequence >> 8) & 0x0f);
  bytes[7] = idSequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes one history record (the caller's transaction). */
export async function recordHistory(
  tx: Db | Tx,
  certificateId: string,
  action: HistoryAction,
  description: string,
  actor: { id: string | null; name: string } | null,
  at: Date,
): Promise<void> {
  await tx.insert(certificateRecords).values({
    id: timeOrderedId(at),
    certificateId,
    action,
    description,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    createdAt: at,
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A Date from epoch ms, or a field error when JavaScript (and so the wire format) cannot represent it. */
function dateField(ms: number, field: 'validFrom' | 'validTo'): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) {
    throw validationFailed({
      [field]:
        field === 'validFrom' ? CERTIFICATE_MESSAGES.validFromInvalid : CERTIFICATE_MESSAGES.validToInvalid,
    });
  }
  return date;
}

/** Refuses a serial number whose live certificates overlap [validFrom, validTo); call inside the transaction. */
async function assertNoOverlap(
  tx: Tx,
  serialNumber: string,
  validFrom: Date,
  validTo: Date,
  now: Date,
  exceptId?: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERIAL_LOCK_NAMESPACE}, hashtext(${serialNumber}))`);
  const [clash] = await tx
    .select({
      status: effectiveStatusSql(now),
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.serialNumber, serialNumber),
        sql`(${certificates.status} = 'pending' or (${certificates.status} in ('active','distributed') and ${certificates.validTo} > ${tsParam(now)}))`,
        sql`${certificates.validFrom} < ${tsParam(validTo)}`,
        sql`${certificates.validTo} > ${tsParam(validFrom)}`,
        exceptId ? sql`${certificates.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash)
    throw conflict(
      serialOverlapMessage(serialNumber, clash.status, clash.validFrom.getTime(), clash.validTo.getTime()),
    );
}

type LockedCertificate = CertificateRow & {
  storedStatus: CertificateStatus;
  licensePayload: string | null;
  licenseSignature: string | null;
  licenseKid: string | null;
};

export interface DownloadResult {
  certificate: Certificate;
  file: LicenseFile;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;

export function createCertificatesService(ctx: AppContext, licenses: LicenseIssuer) {
  const { db, now } = ctx;

  async function findOne(tx: Db | Tx, id: string, at: Date): Promise<Certificate | undefined> {
    const [row] = await tx
      .select(certificateColumns(at))
      .from(certificates)
      .innerJoin(clients, eq(clients.id, certificates.clientId))
      .where(eq(certificates.id, id));
    return row ? toCertificate(row) : undefined;
  }

  /** The certificate row, locked for the rest of the transaction; 404 when there is none. */
  async function lock(tx: Tx, id: string, at: Date): Promise<LockedCertificate> {
    const [row] = await tx
      .select({
        ...certificateColumns(at),
        storedStatus: certificates.status,
        licensePayload: certificates.licensePayload,
        licenseSignature: certificates.licenseSignature,
        licenseKid: certificates.licenseKid,
      })
      .from(certificates)
      .innerJoin(clients, eq(clients.id, certificates.clientId))
      .where(eq(certificates.id, id))
      .for('update', { of: certificates });
    if (!row) throw notFound('Certificate');
    return { ...row, storedStatus: row.storedStatus as CertificateStatus };
  }

  async function setStatus(tx: Tx, row: LockedCertificate, to: CertificateStatus, at: Date) {
    await tx.update(certificates).set({ status: to, updatedAt: at }).where(eq(certificates.id, row.id));
    await adjustCertificateCounters(tx, row.clientId, row.storedStatus, to);
  }

  async function issueLicense(tx: Tx, row: LockedCertificate, at: Date) {
    await licenses.issue(tx, row, at);
  }

  /** Runs one lifecycle step: lock, check the status the reader sees, apply, answer the certificate as it now is. */
  async function step(
    id: string,
    verb: string,
    allowed: readonly CertificateStatus[],
    apply: (tx: Tx, row: LockedCertificate, status: CertificateStatus, at: Date) => Promise<void>,
  ): Promise<Certificate> {
    return db.transaction(async (tx) => {
      const locked = await lock(tx, id, now());
      // The step's time is read once the row is ours: a step that waited for another's lock is recorded after
      // it, so history lists steps in the order they happened even when they arrived the other way round.
      const at = now();
      const status = effectiveStatus({ status: locked.storedStatus, validTo: locked.validTo }, at);
      const row: LockedCertificate = { ...locked, status };
      if (!allowed.includes(status)) throw invalidTransition(verb, status);
      await apply(tx, row, status, at);
      const updated = await findOne(tx, id, at);
      if (!updated) throw notFound('Certificate');
      return updated;
    });
  }

  const activity = (
    tx: Tx,
    actor: Actor,
    type: string,
    row: { id: string; serialNumber: string; clientName: string },
    what: string,
    at: Date,
  ) =>
    recordActivity(tx, actor, {
      type: `certificate.${type}`,
      targetType: 'certificate',
      targetId: row.id,
      description: `Certificate ${row.serialNumber} for ${row.clientName} ${what}`,
      at,
    });

  return {
    async list(query: CertificatesQuery): Promise<CertificatesList> {
      const at = now();
      const filters = listFilters(query, at);
      const where = filters.length ? and(...filters) : undefined;
      // Unfiltered (or by status only): the total from the counters, not a count over a million rows. A search
      // or a client's list counts its matches in the same query (a window over the matches it finds anyway).
      const isCounted = Boolean(query.search?.trim() || query.clientId);
      const rows = await db
        .select({
          ...certificateColumns(at),
          matching: (isCounted ? sql`count(*) over ()` : sql`0`).mapWith(Number),
        })
        .from(certificates)
        .innerJoin(clients, eq(clients.id, certificates.clientId))
        .where(where)
        .orderBy(...newestFirst)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      let total: number;
      if (!isCounted) {
        const counts = await readEffectiveCertificateCounts(db, at);
        total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
      } else if (rows[0]) {
        total = rows[0].matching;
      } else {
        // A page past the end carries no count of its own.
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(certificates)
          .innerJoin(clients, eq(clients.id, certificates.clientId))
          .where(where);
        total = Number(row?.n ?? 0);
      }
      return { certificates: rows.map(toCertificate), total, page: query.page, limit: query.limit };
    },

    /** Everything matching the list's filters, newest first, in batches (keyset pagination). */
    async *exportBatches(query: CertificatesExportQuery, batchSize = 500): AsyncGenerator<Certificate[]> {
      const at = now();
      const filters = listFilters(query, at);
      let cursor: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await db
          .select({ ...certificateColumns(at), cursor: sql<string>`${certificates.createdAt}::text` })
          .from(certificates)
          .innerJoin(clients, eq(clients.id, certificates.clientId))
          .where(
            and(
              ...filters,
              cursor ? afterCursor(certificates.createdAt, certificates.id, cursor) : undefined,
            ),
          )
          .orderBy(...newestFirst)
          .limit(batchSize);
        if (rows.length) yield rows.map(toCertificate);
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        cursor = { createdAt: last.cursor, id: last.id };
      }
    },

    async get(id: string): Promise<Certificate> {
      const certificate = await findOne(db, id, now());
      if (!certificate) throw notFound('Certificate');
      return certificate;
    },

    async create(actor: Actor, input: CreateCertificateRequest): Promise<Certificate> {
      const at = now();
      const validFrom = dateField(input.validFrom, 'validFrom');
      const validTo = dateField(input.validTo, 'validTo');
      const id = crypto.randomUUID();
      return db.transaction(async (tx) => {
        // Locked so the client cannot be deactivated or deleted between this check and the insert.
        const [client] = await tx
          .select({
            id: clients.id,
            name: clients.name,
            isActive: clients.isActive,
            deletedAt: clients.deletedAt,
          })
          .from(clients)
          .where(eq(clients.id, input.clientId))
          .for('update');
        if (!client || client.deletedAt)
          throw validationFailed({ clientId: CERTIFICATE_MESSAGES.clientNotFound });
        if (refusedForClient('create', client))
          throw validationFailed({ clientId: CERTIFICATE_MESSAGES.clientInactive });
        await assertNoOverlap(tx, input.serialNumber, validFrom, validTo, at);
        await tx.insert(certificates).values({
          id,
          clientId: client.id,
          serialNumber: input.serialNumber,
          studioCount: input.studioCount,
          userCount: input.userCount,
          validFrom,
          validTo,
          status: 'pending',
          notes: input.notes ?? '',
          createdAt: at,
          updatedAt: at,
        });
        const details = `${plural(input.studioCount, 'studio')}, ${plural(input.userCount, 'user')}, valid ${day(validFrom)} to ${day(validTo)}`;
        await recordHistory(
          tx,
          id,
          'created',
          `Certificate created for ${client.name}: ${details}`,
          actor,
          at,
        );
        await adjustCertificateCounters(tx, client.id, null, 'pending');
        await activity(
          tx,
          actor,
          'created',
          { id, serialNumber: input.serialNumber, clientName: client.name },
          `created (${details})`,
          at,
        );
        const created = await findOne(tx, id, at);
        if (!created) throw notFound('Certificate');
        return created;
      });
    },

    async update(actor: Actor, id: string, input: UpdateCertificateRequest): Promise<Certificate> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lock(tx, id, at);
        const status = row.status as CertificateStatus;
        if (status !== 'pending') throw invalidTransition('edit', status);
        if (input.status !== undefined && input.status !== status)
          throw invalidTransition('change the status of', status);
        const next = {
          serialNumber: input.serialNumber ?? row.serialNumber,
          studioCount: input.studioCount ?? row.studioCount,
          userCount: input.userCount ?? row.userCount,
          validFrom: input.validFrom === undefined ? row.validFrom : dateField(input.validFrom, 'validFrom'),
          validTo: input.validTo === undefined ? row.validTo : dateField(input.validTo, 'validTo'),
          notes: input.notes ?? row.notes,
        };
        if (next.validTo.getTime() <= next.validFrom.getTime()) {
          throw validationFailed({ validTo: 'Valid to date must be after valid from date' });
        }
        const labels: [keyof typeof next, string][] = [
          ['serialNumber', 'serial number'],
          ['studioCount', 'studio count'],
          ['userCount', 'user count'],
          ['validFrom', 'valid from'],
          ['validTo', 'valid to'],
          ['notes', 'notes'],
        ];
        const same = (a: unknown, b: unknown) =>
          a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
        const changed = labels.filter(([key]) => !same(next[key], row[key])).map(([, label]) => label);
        if (changed.length === 0) return toCertificate(row);
        const validityChanged = changed.some(
          (c) => c === 'serial number' || c === 'valid from' || c === 'valid to',
        );
        if (validityChanged)
          await assertNoOverlap(tx, next.serialNumber, next.validFrom, next.validTo, at, id);
        await tx
          .update(certificates)
          .set({ ...next, updatedAt: at })
          .where(eq(certificates.id, id));
        const description = `Changed ${changed.join(', ')}`;
        await recordHistory(tx, id, 'updated', description, actor, at);
        await activity(
          tx,
          actor,
          'updated',
          { id, serialNumber: next.serialNumber, clientName: row.clientName },
          `updated: ${changed.join(', ')}`,
          at,
        );
        const updated = await findOne(tx, id, at);
        if (!updated) throw notFound('Certificate');
        return updated;
      });
    },

    /**
     * Deletes a pending certificate. A hard delete (with its history): no licence was ever signed for it,
     * so nothing outside refers to it; the activity row keeps the audit trail.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await lock(tx, id, at);
        const status = row.status as CertificateStatus;
        if (status !== 'pending') throw invalidTransition('delete', status);
        await tx.delete(certificateRecords).where(eq(certificateRecords.certificateId, id));
        await tx.delete(certificates).where(eq(certificates.id, id));
        await adjustCertificateCounters(tx, row.clientId, row.storedStatus, null);
        await activity(tx, actor, 'deleted', row, 'deleted', at);
      });
    },

    activate(actor: Actor, id: string): Promise<Certificate> {
      return step(id, 'activate', ['pending'], async (tx, row, _status, at) => {
        // A licence that is expired on arrival helps nobody: the dates must be edited first.
        if (row.validTo.getTime() <= at.getTime()) throw conflict(CERTIFICATE_MESSAGES.validityEnded);
        await assertClientAllows(tx, 'activate', row.clientId);
        await setStatus(tx, row, 'active', at);
        await issueLicense(tx, row, at);
        await recordHistory(tx, id, 'activated', 'Certificate activated and licence signed', actor, at);
        await activity(tx, actor, 'activated', row, 'activated', at);
      });
    },

    generate(actor: Actor, id: string): Promise<Certificate> {
      return step(id, 'generate', ['active', 'distributed'], async (tx, row, _status, at) => {
        await assertClientAllows(tx, 'generate', row.clientId);
        await licenses.reissue(tx, row, at);
        await tx.update(certificates).set({ updatedAt: at }).where(eq(certificates.id, id));
        await recordHistory(tx, id, 'renewed', 'Licence signed again', actor, at);
        await activity(tx, actor, 'renewed', row, 'licence signed again', at);
      });
    },

    /** Records a download and returns the licence file; `markDistributed` makes an active one distributed. */
    async download(
      actor: Actor,
      id: string,
      { markDistributed }: { markDistributed: boolean },
    ): Promise<DownloadResult> {
      const issuer = licenses;
      let file: LicenseFile | undefined;
      const certificate = await step(
        id,
        'download',
        ['active', 'distributed'],
        async (tx, row, status, at) => {
          let stored: Pick<LockedCertificate, 'licensePayload' | 'licenseSignature' | 'licenseKid'> = row;
          if (!row.licensePayload) {
            // Activated before signing was available: sign now so a download always yields a licence.
            await issuer.issue(tx, row, at);
            const [signed] = await tx
              .select({
                licensePayload: certificates.licensePayload,
                licenseSignature: certificates.licenseSignature,
                licenseKid: certificates.licenseKid,
              })
              .from(certificates)
              .where(eq(certificates.id, id));
            if (signed) stored = signed;
          }
          file = issuer.fileFor(stored);
          if (markDistributed && status === 'active') await setStatus(tx, row, 'distributed', at);
          else await tx.update(certificates).set({ updatedAt: at }).where(eq(certificates.id, id));
          await recordHistory(tx, id, 'downloaded', 'Licence file downloaded', actor, at);
          await activity(tx, actor, 'downloaded', row, 'licence file downloaded', at);
        },
      );
      if (!file) throw new Error('licence file missing after download');
      return { certificate, file };
    },

    revoke(actor: Actor, id: string, reason: string | undefined): Promise<Certificate> {
      const why = reason?.trim();
      return step(id, 'revoke', ['active', 'distributed'], async (tx, row, _status, at) => {
        await setStatus(tx, row, 'revoked', at);
        await recordHistory(
          tx,
          id,
          'revoked',
          why ? `Certificate revoked: ${why}` : 'Certificate revoked',
          actor,
          at,
        );
        await activity(tx, actor, 'revoked', row, why ? `revoked: ${why}` : 'revoked', at);
      });
    },

    async records(id: string): Promise<CertificateRecord[]> {
      const [exists] = await db
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.id, id));
      if (!exists) throw notFound('Certificate');
      const rows = await db
        .select({
          id: certificateRecords.id,
          action: certificateRecords.action,
          description: certificateRecords.description,
          actorName: certificateRecords.actorName,
          createdAt: certificateRecords.createdAt,
        })
        .from(certificateRecords)
        .where(eq(certificateRecords.certificateId, id))
        .orderBy(desc(certificateRecords.createdAt), desc(certificateRecords.id));
      return rows.map((row) => ({
        uuid: row.id,
        action: row.action as HistoryAction,
        description: row.description,
        createdAt: row.createdAt.getTime(),
        performBy: row.actorName ? { name: row.actorName } : null,
      }));
    },
  };
}
