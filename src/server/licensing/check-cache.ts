// What the licence check reads from the database (a certificate's state and its client's), kept in memory so the
// check every licensed machine calls rarely waits for the database, and exact about revocations:
// - every change to what it reads is NOTIFYed by a trigger at commit (drizzle/0012_licence_check_notify.sql) and
//   drops the entry here; on PGlite that happens before the commit resolves, on PostgreSQL a moment later, and the
//   app waits for it before answering a change of its own (app.ts), so this process never answers from a stale entry
//   once the change's answer has gone;
// - while the listening connection is down, notifications may be lost: the cache is emptied and bypassed until it
//   is back;
// - an entry older than `maxAgeMs` is read again, which bounds whatever window remains (docs/security.md).
// Misses arriving together, for one certificate or many, are read in one query. A certificate that is not found is
// never remembered, so a new one is seen at once.
import { inArray, eq } from 'drizzle-orm';
import { certificateStatusSchema, type CertificateStatus } from '../../contract/certificates';
import type { Db } from '../db/client';
import { certificates, clients } from '../db/schema';

export interface CheckedRow {
  id: string;
  serialNumber: string;
  status: CertificateStatus;
  validFrom: Date;
  validTo: Date;
  clientName: string;
  clientIsActive: boolean;
  /** The licence terms: grace after validTo, and the file lifetime (null: none). */
  graceDays: number;
  fileLifetimeDays: number | null;
  /** The stored licence (the check-in hands it out), or nulls before the first signing. */
  license: StoredLicenseOf | null;
}

/** The certificate's current licence as stored: what a check-in hands out, and when that file ends. */
export interface StoredLicenseOf {
  payload: string;
  signature: string;
  kid: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface CheckCache {
  /** The certificate's row as the check needs it, or undefined when there is no such certificate. */
  get(id: string): Promise<CheckedRow | undefined>;
  /** The row when a fresh entry is in memory, else undefined (`get` reads it); answers without a promise. */
  peek(id: string): CheckedRow | undefined;
  /** A notification's payload: a certificate id, or `client` (every entry). */
  invalidate(payload: string): void;
  /** Whether the listener hears every change; while not, the cache is empty and bypassed. */
  setLive(isLive: boolean): void;
  readonly size: number;
}

/** The channel the triggers notify on. */
export const LICENSE_CHECK_CHANNEL = 'licence_check';
/** More entries than this and the oldest go (a row is a few hundred bytes). */
const MAX_ENTRIES = 100_000;

interface Entry {
  row: CheckedRow;
  loadedAt: number;
}

export function createCheckCache(
  load: (ids: string[]) => Promise<CheckedRow[]>,
  { maxAgeMs, now = () => performance.now() }: { maxAgeMs: number; now?: () => number },
): CheckCache {
  const entries = new Map<string, Entry>();
  // Bumped by every invalidation: a read that started before one must not store what it read.
  let generation = 0;
  let isLive = false;
  let queued: Map<
    string,
    { resolve: (row: CheckedRow | undefined) => void; reject: (error: unknown) => void }[]
  > = new Map();

  async function readBatch(batch: typeof queued) {
    const startedAt = generation;
    try {
      const rows = await load([...batch.keys()]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const canStore = isLive && maxAgeMs > 0 && startedAt === generation;
      const loadedAt = now();
      for (const [id, waiting] of batch) {
        const row = byId.get(id);
        if (row && canStore) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(id, { row, loadedAt });
        }
        for (const { resolve } of waiting) resolve(row);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const { reject } of waiting) reject(error);
    }
  }

  function peek(id: string): CheckedRow | undefined {
    const entry = entries.get(id);
    return entry && isLive && now() - entry.loadedAt < maxAgeMs ? entry.row : undefined;
  }

  return {
    peek,
    get(id) {
      const row = peek(id);
      if (row) return Promise.resolve(row);
      return new Promise((resolve, reject) => {
        const first = queued.size === 0;
        const waiting = queued.get(id) ?? [];
        waiting.push({ resolve, reject });
        queued.set(id, waiting);
        // Every miss of this turn of the event loop joins one query.
        if (first)
          setImmediate(() => {
            const batch = queued;
            queued = new Map();
            void readBatch(batch);
          });
      });
    },
    invalidate(payload) {
      generation += 1;
      if (payload === 'client') entries.clear();
      else entries.delete(payload);
    },
    setLive(live) {
      generation += 1;
      isLive = live;
      // Whatever happened while nobody listened is unknown: start again from the database.
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** Reads the rows of some certificates with their clients' name and active flag, in one query. */
export const checkedRowsOf =
  (db: Db) =>
  async (ids: string[]): Promise<CheckedRow[]> =>
    (
      await db
        .select({
          id: certificates.id,
          serialNumber: certificates.serialNumber,
          status: certificates.status,
          validFrom: certificates.validFrom,
          validTo: certificates.validTo,
          clientName: clients.name,
          clientIsActive: clients.isActive,
          graceDays: certificates.graceDays,
          fileLifetimeDays: certificates.fileLifetimeDays,
          payload: certificates.licensePayload,
          signature: certificates.licenseSignature,
          kid: certificates.licenseKid,
          issuedAt: certificates.licenseIssuedAt,
          expiresAt: certificates.licenseExpiresAt,
        })
        .from(certificates)
        .innerJoin(clients, eq(clients.id, certificates.clientId))
        .where(inArray(certificates.id, ids))
    ).map(({ payload, signature, kid, issuedAt, expiresAt, ...row }) => ({
      ...row,
      status: certificateStatusSchema.parse(row.status),
      license:
        payload && signature && kid && issuedAt
          ? { payload, signature, kid, issuedAt, expiresAt: expiresAt ?? row.validTo }
          : null,
    }));

/** A cache that remembers nothing (the CLI, or LICENSE_CHECK_CACHE_MAX_AGE_MS=0): every check reads, misses still join. */
export const uncachedChecks = (db: Db) => createCheckCache(checkedRowsOf(db), { maxAgeMs: 0 });
