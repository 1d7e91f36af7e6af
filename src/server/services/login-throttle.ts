// Failed sign-in throttling per account and per client address, counted in the database so it holds across processes.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';
import { rateLimited } from '../errors';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures an account may have before each further failure adds a growing delay. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures one client address may have in a window before it waits for the window's end. */
export const ADDRESS_MAX_FAILURES = 20;
const MAX_ACCOUNT_DELAY_MS = WINDOW_MS;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/** Throws 429 with Retry-After when either the account or the address is currently held back. */
export async function assertNotThrottled(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(inArray(authThrottle.key, [accountKey(email), addressKey(ip)]));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  if (until > now.getTime()) throw rateLimited(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
}

/** Counts one failure for the account and the address, setting their hold-back times. */
export async function recordLoginFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  await db.transaction(async (tx) => {
    for (const key of [accountKey(email), addressKey(ip)]) {
      const [row] = await tx
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
          },
        })
        .returning();
      if (!row) continue;
      let blockedUntil: Date | null = null;
      if (key.startsWith('account:') && row.failures >= ACCOUNT_FREE_FAILURES) {
        // 1 s after the fifth failure, then doubling, never more than the window.
        const delay = Math.min(1000 * 2 ** (row.failures - ACCOUNT_FREE_FAILURES), MAX_ACCOUNT_DELAY_MS);
        blockedUntil = new Date(now.getTime() + delay);
      } else if (key.startsWith('address:') && row.failures >= ADDRESS_MAX_FAILURES) {
        blockedUntil = new Date(row.windowStartedAt.getTime() + WINDOW_MS);
      }
      if (blockedUntil) await tx.update(authThrottle).set({ blockedUntil }).where(eq(authThrottle.key, key));
    }
  });
}

/** A successful sign-in clears the account's failures (the address keeps its count). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, accountKey(email)));
}
