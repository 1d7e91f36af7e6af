// `seed-demo`: a small, realistic data set so a person starting the product sees a populated console:
// staff of every role, 30 client companies, 200 certificates in every status (some expiring within 7 and
// 30 days) with their history, activity log, signed licences and counters. Generated from a fixed seed, so
// every run looks alike. It fills an empty database only and refuses to run twice.
import { sql } from 'drizzle-orm';
import {
  CERTIFICATE_ACTIVITY,
  CERTIFICATE_HISTORY,
  certificateActivityText,
} from '../../contract/certificate-texts';
import { ROLE_IDS } from '../../contract/roles';
import type { CertificateStatus, HistoryAction } from '../../contract/certificates';
import { DAY_MS } from '../../contract/constants';
import { isLicensedStatus } from '../../contract/certificate-lifecycle';
import type { Db, Tx } from '../db/client';
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
  recountEndingCounters,
} from '../services/shared/counters';
import { timeOrderedId } from '../db/ids';
import type { LicenseIssuer } from '../services/certificates';
import { hashPassword } from '../services/auth/passwords';
import {
  CITIES,
  COMPANIES,
  DESCRIPTIONS,
  NOTES,
  REVOKE_REASONS,
  STAFF,
  STREETS,
  emailOf,
  planCertificates,
  prng,
  serialNumber,
  slug,
} from './demo-data';
import type { DemoSeedSummary } from './demo-summary';
import { DEMO_MARKER_KEY, assertEmpty, assertNotSeeded } from './demo-guard';

export { DEMO_MARKER_KEY, DemoSeedRefused } from './demo-guard';
export { describeDemoSeed, type DemoSeedSummary } from './demo-summary';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoSeedOptions {
  now?: Date;
  password?: string;
  /** Signs the licence of every certificate that was activated (src/server/licensing). */
  licenses?: Pick<LicenseIssuer, 'issue'>;
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
    await assertNotSeeded(tx);

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
      // Each record with the activity row the command would have written, in the commands' words
      // (src/contract/certificate-texts.ts); `what` when the activity names more than the step.
      const history = (
        action: HistoryAction,
        at: Date,
        description: string,
        actor: { id: string; name: string } | null,
        what?: string,
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
        if (action !== 'used' && action !== 'checked-in') {
          const stepWhat: Record<Exclude<HistoryAction, 'used' | 'checked-in'>, string> = {
            created: 'created',
            updated: 'updated',
            activated: CERTIFICATE_ACTIVITY.activated,
            renewed: CERTIFICATE_ACTIVITY.generated,
            downloaded: CERTIFICATE_ACTIVITY.downloaded,
            revoked: CERTIFICATE_ACTIVITY.revoked(),
            expired: CERTIFICATE_ACTIVITY.expired,
          };
          activityRows.push({
            type: `certificate.${action}`,
            targetType: 'certificate',
            targetId: id,
            description: certificateActivityText(
              { serialNumber: serial, clientName: client.name },
              what ?? stepWhat[action],
            ),
            actorId: actor?.id ?? null,
            actorName: actor?.name ?? null,
            createdAt: at,
          });
        }
      };

      const terms = { studioCount, userCount, validFrom: validFrom.getTime(), validTo: validTo.getTime() };
      history(
        'created',
        createdAt,
        CERTIFICATE_HISTORY.created(client.name, terms),
        author,
        CERTIFICATE_ACTIVITY.created(terms),
      );
      let lastUsedAt: Date | null = null;
      let updatedAt = createdAt;
      if (planned.status !== 'pending') {
        const activatedAt = clampPast(
          new Date(createdAt.getTime() + random.int(1, 3) * DAY_MS + random.int(0, 600) * 60_000),
        );
        const activator = random.pick(writers);
        history('activated', activatedAt, CERTIFICATE_HISTORY.activated, activator);
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
            history('renewed', renewedAt, CERTIFICATE_HISTORY.generated, random.pick(writers));
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
              history('downloaded', downloadedAt, CERTIFICATE_HISTORY.downloaded, random.pick(writers));
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
            CERTIFICATE_HISTORY.revoked(reason),
            random.pick(writers),
            CERTIFICATE_ACTIVITY.revoked(reason),
          );
          updatedAt = revokedAt;
        } else if (planned.status === 'expired') {
          history('expired', validTo, CERTIFICATE_HISTORY.expired(validTo.getTime()), null);
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
            graceDays: 0,
            fileLifetimeDays: null,
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
    await recountEndingCounters(tx);
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
