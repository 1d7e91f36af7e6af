// seed-demo fills an empty database once: what it checks before it writes anything.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { STAFF, emailOf, plural } from './demo-data';

/** The setting that records when the demo set was loaded. */
export const DEMO_MARKER_KEY = 'demo_seeded_at';

/** Thrown when the database is not empty or was seeded before; the message says why. */
export class DemoSeedRefused extends Error {}

/** Refuses when the demo set was loaded before (run again inside the seeding transaction, under its lock). */
export async function assertNotSeeded(db: Db | Tx) {
  const [marker] = await queryRows<{ value: string }>(
    db,
    sql`select value from settings where key = ${DEMO_MARKER_KEY}`,
  );
  if (marker)
    throw new DemoSeedRefused(
      `Demo data was already loaded into this database (on ${marker.value}); seed-demo runs once per database.`,
    );
}

export async function assertEmpty(db: Db) {
  await assertNotSeeded(db);
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
