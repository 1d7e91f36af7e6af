// `seed-demo`: a small, realistic data set so a person starting the product sees a populated console:
// staff of every role, 30 client companies, 200 certificates in every status (some expiring within 7 and
// 30 days) with their history, activity log, signed licences and counters. Generated from a fixed seed, so
// every run looks alike. It fills an empty database only and refuses to run twice.
import { sql } from 'drizzle-orm';
import { ROLE_IDS, type RoleName } from '../../contract/roles';
import type { CertificateStatus, HistoryAction } from '../../contract/certificates';
import { DAY_MS } from '../../contract/constants';
import { isLicensedStatus } from '../../contract/certificate-lifecycle';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/rows';
import {
  activities,
  certificateRecords,
  certificates,
  clientUsers,
  clients,
  settings,
  users,
} from '../db/schema';
import {
  adjustClientCount,
  addToCounters,
  certificateCounterKey,
  countActivities,
} from '../services/counters';
import { timeOrderedId } from '../db/ids';
import type { LicenseIssuer } from '../services/certificates';
import { hashPassword } from '../services/passwords';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_MARKER_KEY = 'demo_seeded_at';

/** Thrown when the database is not empty or was seeded before; the message says why. */
export class DemoSeedRefused extends Error {}

const STAFF: { name: string; role: RoleName }[] = [
  { name: 'Olivia Bennett', role: 'owner' },
  { name: 'Marcus Chen', role: 'admin' },
  { name: 'Priya Raman', role: 'admin' },
  { name: 'Sofia Alvarez', role: 'editor' },
  { name: 'Daniel Okafor', role: 'editor' },
  { name: 'Hannah Weiss', role: 'editor' },
  { name: 'Liam Novak', role: 'viewer' },
  { name: 'Aisha Karim', role: 'viewer' },
  { name: 'Tom Fischer', role: 'viewer' },
];

const COMPANIES = [
  'Northwind Pictures',
  'Blue Harbor Post',
  'Silverline Animation',
  'Redwood Sound Studios',
  'Aurora Visual Effects',
  'Kestrel Games',
  'Lumen Color Lab',
  'Harborview Media',
  'Pinecrest Films',
  'Crimson Peak Audio',
  'Atlas Broadcast Group',
  'Meridian Studios',
  'Nimbus Interactive',
  'Quarry Lane Post',
  'Saltwater Pictures',
  'Granite Edit House',
  'Vantage Motion Design',
  'Beacon Documentary Co.',
  'Orchid VFX',
  'Foxglove Animation',
  'Ironbridge Games',
  'Marigold Sound',
  'Polaris Post Production',
  'Tidewater Studios',
  'Juniper Creative',
  'Obsidian Audio Labs',
  'Cobalt Color',
  'Windmill Pictures',
  'Summit Broadcast',
  'Lighthouse Media Lab',
];
const CITIES = [
  'Portland, OR',
  'Austin, TX',
  'Vancouver, BC',
  'London, UK',
  'Berlin, DE',
  'Montreal, QC',
  'Atlanta, GA',
  'Dublin, IE',
  'Los Angeles, CA',
  'Wellington, NZ',
];
const STREETS = [
  'Market Street',
  'Harbour Road',
  'Mill Lane',
  'King Street',
  'Station Road',
  'Riverside Drive',
  'Elm Avenue',
  'Canal Street',
];
const DESCRIPTIONS = [
  'Feature film post-production and finishing.',
  'Commercials, music videos and colour grading.',
  'Episodic animation for streaming services.',
  'Sound design, mixing and ADR stages.',
  'Game studio with two office locations.',
  'Broadcast graphics and live production.',
  'Documentary production house.',
  'Visual effects for film and television.',
];
const NOTES = [
  '',
  '',
  '',
  'Edit bay workstation',
  'Render node',
  'Grading suite',
  'Mix stage A',
  'Loaner for the festival season',
  'Replaces an older machine',
  'Remote editor laptop',
];
const REVOKE_REASONS = [
  'Machine replaced',
  'Hardware failure',
  'Contract ended',
  'Seat count renegotiated',
  'Licence reissued to a new machine',
  '',
];

/** mulberry32: a tiny deterministic PRNG, so the demo looks the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.example`;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface PlannedCertificate {
  status: CertificateStatus;
  /** validTo relative to now, in days. */
  endsInDays: number;
}

/** 200 certificates: the mix of statuses and end dates (some within 7 and 30 days). */
function planCertificates(random: ReturnType<typeof prng>): PlannedCertificate[] {
  const plan: PlannedCertificate[] = [];
  const add = (count: number, status: CertificateStatus, from: number, to: number) => {
    for (let i = 0; i < count; i += 1) plan.push({ status, endsInDays: from + random.next() * (to - from) });
  };
  add(25, 'pending', 300, 400);
  add(6, 'active', 0.2, 6.8);
  add(12, 'active', 8, 29.5);
  add(62, 'active', 31, 360);
  add(3, 'distributed', 0.5, 6.5);
  add(6, 'distributed', 8, 29.5);
  add(36, 'distributed', 31, 360);
  add(30, 'expired', -200, -1);
  add(20, 'revoked', 20, 300);
  // Shuffle, so statuses spread over clients and creation times.
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}

function serialNumber(random: ReturnType<typeof prng>): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => random.int(0, 15).toString(16).toUpperCase()).join('');
  const alnum = (n: number) =>
    Array.from({ length: n }, () => random.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('');
  switch (random.int(0, 3)) {
    case 0:
      return `C02${alnum(8)}`;
    case 1:
      return `WS-${random.int(2021, 2026)}-${String(random.int(1, 99999)).padStart(5, '0')}`;
    case 2:
      return Array.from({ length: 6 }, () => hex(2)).join(':');
    default:
      return `SRV-${hex(4)}-${hex(4)}`;
  }
}

export interface DemoSeedSummary {
  users: { email: string; name: string; role: RoleName }[];
  password: string;
  clients: number;
  certificates: Record<CertificateStatus, number>;
  expiringWithin7Days: number;
  expiringWithin30Days: number;
}

export interface DemoSeedOptions {
  now?: Date;
  password?: string;
  /** Signs the licence of every certificate that was activated (src/server/licensing). */
  licenses?: Pick<LicenseIssuer, 'issue'>;
}

async function assertEmpty(db: Db) {
  const [marker] = await queryRows<{ value: string }>(
    db,
    sql`select value from settings where key = ${DEMO_MARKER_KEY}`,
  );
  if (marker)
    throw new DemoSeedRefused(
      `Demo data was already loaded into this database (on ${marker.value}); seed-demo runs once per database.`,
    );
  const [counts] = await queryRows<{ clients: number; certificates: number }>(
    db,
    sql`select (select count(*)::int from clients) as clients, (select count(*)::int from certificates) as certificates`,
  );
  if (counts && (Number(counts.clients) > 0 || Number(counts.certificates) > 0)) {
    throw new DemoSeedRefused(
      `This database already holds ${plural(Number(counts.clients), 'client')} and ${plural(Number(counts.certificates), 'certificate')}; seed-demo only fills an empty database, so demo data never mixes with real data.`,
    );
  }
  const emails = STAFF.map((s) => emailOf(s.name));
  const taken = await queryRows<{ email: string }>(
    db,
    sql`select email from users where lower(email) = any(${sql.param(emails)}::text[])`,
  );
  if (taken.length)
    throw new DemoSeedRefused(
      `A user with the demo email ${taken[0]!.email} already exists; seed-demo only fills an empty database.`,
    );
}

/** Fills an empty database with the demo set, in one transaction. */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedSummary> {
  const now = options.now ?? new Date();
  const password = options.password ?? DEMO_PASSWORD;
  const random = prng(20_260_615);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const clampPast = (d: Date, minutesBeforeNow = 60) =>
    new Date(Math.min(d.getTime(), now.getTime() - minutesBeforeNow * 60_000));

  await assertEmpty(db);
  const passwordHash = await hashPassword(password);

  return db.transaction(async (tx: Tx) => {
    // Re-checked under a lock, so two seed-demo runs at once cannot both fill the database.
    await tx.execute(sql`select pg_advisory_xact_lock(41871)`);
    const [marker] = await queryRows<{ value: string }>(
      tx,
      sql`select value from settings where key = ${DEMO_MARKER_KEY}`,
    );
    if (marker)
      throw new DemoSeedRefused(
        `Demo data was already loaded into this database (on ${marker.value}); seed-demo runs once per database.`,
      );

    type ActivityRow = typeof activities.$inferInsert;
    const activityRows: ActivityRow[] = [];

    // Staff, created over the last two years by the demo owner.
    const staff = STAFF.map((s, i) => ({
      ...s,
      id: crypto.randomUUID(),
      email: emailOf(s.name),
      createdAt: ago(730 - i * 20),
    }));
    const owner = staff[0]!;
    await tx.insert(users).values(
      staff.map((s, i) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        passwordHash,
        roleId: ROLE_IDS[s.role],
        lastLoginAt: i % 4 === 3 ? null : ago(random.int(0, 20) + random.next()),
        createdAt: s.createdAt,
        updatedAt: s.createdAt,
      })),
    );
    for (const s of staff.slice(1)) {
      activityRows.push({
        type: 'user.created',
        targetType: 'user',
        targetId: s.id,
        description: `Created user ${s.name} (${s.role})`,
        actorId: owner.id,
        actorName: owner.name,
        createdAt: s.createdAt,
      });
    }
    const writers = staff.filter((s) => s.role !== 'viewer');

    // Clients, created between 26 and 21 months ago; three are inactive.
    const clientRows = COMPANIES.map((name, i) => {
      const createdAt = ago(800 - i * 5 - random.next());
      const city = random.pick(CITIES);
      return {
        id: crypto.randomUUID(),
        name,
        description: random.pick(DESCRIPTIONS),
        contactEmail: i % 9 === 8 ? '' : `licensing@${slug(name)}.example`,
        contactPhone:
          i % 7 === 6 ? '' : `+1 555 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`,
        address: `${random.int(1, 400)} ${random.pick(STREETS)}, ${city}`,
        isActive: ![4, 17, 26].includes(i),
        certificateCount: 0,
        activeCertificates: 0,
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (const c of clientRows) {
      const actor = random.pick(writers);
      activityRows.push({
        type: 'client.created',
        targetType: 'client',
        targetId: c.id,
        description: `Created client ${c.name}`,
        actorId: actor.id,
        actorName: actor.name,
        createdAt: c.createdAt,
      });
    }

    // Each client gets one or two responsible staff users.
    const assignable = staff.filter((s) => s.role === 'editor' || s.role === 'viewer');
    const assignments = new Map<string, Set<string>>();
    for (const c of clientRows) {
      const chosen = new Set([random.pick(assignable).id]);
      if (random.next() < 0.5) chosen.add(random.pick(assignable).id);
      assignments.set(c.id, chosen);
    }

    // Certificates with their history.
    type RecordRow = typeof certificateRecords.$inferInsert;
    const recordRows: RecordRow[] = [];
    const certificateRows: (typeof certificates.$inferInsert & { clientName: string })[] = [];
    const issues: { index: number; issuedAt: Date }[] = [];
    const serials = new Set<string>();
    const countsByStatus = Object.fromEntries(
      ['pending', 'active', 'distributed', 'expired', 'revoked'].map((s) => [s, 0]),
    ) as Record<CertificateStatus, number>;
    let expiringWithin7Days = 0;
    let expiringWithin30Days = 0;

    for (const planned of planCertificates(random)) {
      const client = random.pick(clientRows.filter((c) => c.isActive || planned.status !== 'pending'));
      let serial = serialNumber(random);
      while (serials.has(serial)) serial = serialNumber(random);
      serials.add(serial);
      const id = crypto.randomUUID();
      const validTo = new Date(now.getTime() + planned.endsInDays * DAY_MS);
      const term = random.pick([365, 365, 365, 730, 180]);
      let validFrom = new Date(validTo.getTime() - term * DAY_MS);
      if (planned.status !== 'pending' && validFrom.getTime() > now.getTime() - DAY_MS)
        validFrom = ago(random.int(1, 30));
      const createdAt =
        planned.status === 'pending'
          ? ago(random.int(0, 20) + random.next())
          : new Date(validFrom.getTime() - random.int(1, 14) * DAY_MS);
      if (planned.status === 'pending')
        validFrom = new Date(Math.max(validFrom.getTime(), createdAt.getTime()));
      const studioCount = random.pick([1, 1, 2, 3, 5, 10]);
      const userCount = studioCount * random.pick([1, 2, 5, 10]);
      const author = random.pick(writers);
      const history = (
        action: HistoryAction,
        at: Date,
        description: string,
        actor: { id: string; name: string } | null,
      ) => {
        recordRows.push({
          id: timeOrderedId(at),
          certificateId: id,
          action,
          description,
          actorId: actor?.id ?? null,
          actorName: actor?.name ?? null,
          usedDay: action === 'used' ? at.toISOString().slice(0, 10) : null,
          createdAt: at,
        });
        if (action !== 'used') {
          const what: Record<Exclude<HistoryAction, 'used'>, string> = {
            created: 'created',
            updated: 'updated',
            activated: 'activated',
            renewed: 'licence signed again',
            downloaded: 'licence file downloaded',
            revoked: 'revoked',
            expired: 'expired',
          };
          activityRows.push({
            type: `certificate.${action}`,
            targetType: 'certificate',
            targetId: id,
            description: `Certificate ${serial} for ${client.name} ${what[action]}`,
            actorId: actor?.id ?? null,
            actorName: actor?.name ?? null,
            createdAt: at,
          });
        }
      };

      history(
        'created',
        createdAt,
        `Certificate created for ${client.name}: ${plural(studioCount, 'studio')}, ${plural(userCount, 'user')}, valid ${validFrom.toISOString().slice(0, 10)} to ${validTo.toISOString().slice(0, 10)}`,
        author,
      );
      let lastUsedAt: Date | null = null;
      let updatedAt = createdAt;
      if (planned.status !== 'pending') {
        const activatedAt = clampPast(
          new Date(createdAt.getTime() + random.int(1, 3) * DAY_MS + random.int(0, 600) * 60_000),
        );
        const activator = random.pick(writers);
        history('activated', activatedAt, 'Certificate activated and licence signed', activator);
        let issuedAt = activatedAt;
        let revokedAt: Date | null = null;
        if (planned.status === 'revoked') {
          revokedAt = clampPast(new Date(activatedAt.getTime() + random.int(10, 200) * DAY_MS));
          if (revokedAt <= activatedAt)
            revokedAt = clampPast(new Date(activatedAt.getTime() + 60 * 60_000), 1);
        }
        // Until when the certificate was in use: its revocation, its end, or now.
        const useEnd = revokedAt ?? (planned.status === 'expired' ? validTo : now);
        if (random.next() < 0.15) {
          const renewedAt = clampPast(new Date(activatedAt.getTime() + random.int(20, 90) * DAY_MS));
          if (renewedAt < useEnd && renewedAt > activatedAt) {
            history('renewed', renewedAt, 'Licence signed again', random.pick(writers));
            issuedAt = renewedAt;
          }
        }
        const wasDistributed =
          planned.status === 'distributed' || (planned.status !== 'active' && random.next() < 0.6);
        if (wasDistributed) {
          const downloads = random.int(1, 2);
          for (let d = 0; d < downloads; d += 1) {
            const downloadedAt = clampPast(
              new Date(issuedAt.getTime() + random.int(0, 5) * DAY_MS + random.int(5, 600) * 60_000),
            );
            if (downloadedAt < useEnd)
              history('downloaded', downloadedAt, 'Licence file downloaded', random.pick(writers));
          }
        }
        if (wasDistributed) {
          // The licensed software checks in now and then: a `used` record a day at most.
          const usedDays = new Set<string>();
          const last = useEnd.getTime();
          for (let u = 0; u < random.int(0, 5); u += 1) {
            const at = new Date(last - random.next() * Math.min(60 * DAY_MS, last - activatedAt.getTime()));
            const dayKey = at.toISOString().slice(0, 10);
            if (at <= activatedAt || at > now || usedDays.has(dayKey)) continue;
            usedDays.add(dayKey);
            history('used', at, 'Licence validated by the licensed software', null);
            if (!lastUsedAt || at > lastUsedAt) lastUsedAt = at;
          }
        }
        if (revokedAt) {
          const reason = random.pick(REVOKE_REASONS);
          history(
            'revoked',
            revokedAt,
            reason ? `Certificate revoked: ${reason}` : 'Certificate revoked',
            random.pick(writers),
          );
          updatedAt = revokedAt;
        } else if (planned.status === 'expired') {
          history('expired', validTo, 'Certificate expired: its validity period has ended', null);
          updatedAt = validTo;
        } else {
          updatedAt = issuedAt;
        }
        issues.push({ index: certificateRows.length, issuedAt });
      }

      certificateRows.push({
        id,
        clientId: client.id,
        clientName: client.name,
        serialNumber: serial,
        studioCount,
        userCount,
        validFrom,
        validTo,
        status: planned.status,
        notes: random.pick(NOTES),
        lastUsedAt,
        createdAt,
        updatedAt,
      });
      countsByStatus[planned.status] += 1;
      client.certificateCount += 1;
      if (isLicensedStatus(planned.status)) {
        client.activeCertificates += 1;
        if (planned.endsInDays <= 7) expiringWithin7Days += 1;
        if (planned.endsInDays <= 30) expiringWithin30Days += 1;
      }
    }

    await tx.insert(clients).values(clientRows);
    await tx
      .insert(clientUsers)
      .values(
        [...assignments].flatMap(([clientId, userIds]) =>
          [...userIds].map((userId) => ({ clientId, userId, createdAt: now })),
        ),
      );
    await tx.insert(certificates).values(certificateRows.map(({ clientName: _clientName, ...row }) => row));
    for (let i = 0; i < recordRows.length; i += 500)
      await tx.insert(certificateRecords).values(recordRows.slice(i, i + 500));
    activityRows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
    for (let i = 0; i < activityRows.length; i += 500)
      await tx.insert(activities).values(activityRows.slice(i, i + 500));

    if (options.licenses) {
      for (const { index, issuedAt } of issues) {
        const row = certificateRows[index]!;
        await options.licenses.issue(
          tx,
          {
            id: row.id!,
            clientId: row.clientId,
            clientName: row.clientName,
            serialNumber: row.serialNumber,
            studioCount: row.studioCount,
            userCount: row.userCount,
            validFrom: row.validFrom,
            validTo: row.validTo,
          },
          issuedAt,
        );
      }
    }

    await adjustClientCount(tx, clientRows.length);
    await addToCounters(
      tx,
      Object.fromEntries(
        Object.entries(countsByStatus).map(([status, n]) => [
          certificateCounterKey(status as CertificateStatus),
          n,
        ]),
      ),
    );
    await countActivities(
      tx,
      activityRows.map((row) => row.targetType),
    );
    await tx.insert(settings).values({ key: DEMO_MARKER_KEY, value: now.toISOString() });

    return {
      users: staff.map((s) => ({ email: s.email, name: s.name, role: s.role })),
      password,
      clients: clientRows.length,
      certificates: countsByStatus,
      expiringWithin7Days,
      expiringWithin30Days,
    };
  });
}

/** The lines `npm run cli -- seed-demo` prints. */
export function describeDemoSeed(summary: DemoSeedSummary): string {
  const total = Object.values(summary.certificates).reduce((a, b) => a + b, 0);
  const byStatus = Object.entries(summary.certificates)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  const signIns = (['owner', 'admin', 'editor', 'viewer'] as const)
    .map((role) => summary.users.find((u) => u.role === role))
    .filter((u) => u !== undefined)
    .map((u) => `  ${u.role.padEnd(7)} ${u.email}`);
  return [
    `Loaded demo data: ${summary.users.length} staff users, ${summary.clients} clients, ${total} certificates (${byStatus}).`,
    `${summary.expiringWithin7Days} certificates expire within 7 days, ${summary.expiringWithin30Days} within 30 days.`,
    `Sign in with password '${summary.password}' as, for example:`,
    ...signIns,
  ].join('\n');
}
