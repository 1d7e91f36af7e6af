// Failed sign-in throttling per account and per client address, counted in the database so it holds across processes.
//
// An attempt is counted before its password is checked, under the counter row's lock: parallel guesses are
// counted one by one and the one that reaches a limit holds back the rest, instead of all of them passing a
// check made before any was counted. A successful sign-in then gives its count back.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { rateLimited } from '../../errors';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures an account may have before each further failure adds a growing delay. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures one client address may have in a window before it waits for the window's end. */
export const ADDRESS_MAX_FAILURES = 20;
const MAX_ACCOUNT_DELAY_MS = WINDOW_MS;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/** When a key with `failures` counted attempts in a window that began at `windowStartedAt` is held back until, if at all. */
function holdBackUntil(key: string, failures: number, windowStartedAt: Date, now: Date): Date | null {
  if (key.startsWith('account:') && failures >= ACCOUNT_FREE_FAILURES) {
    // 1 s after the fifth failure, then doubling, never more than the window.
    return new Date(
      now.getTime() + Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES), MAX_ACCOUNT_DELAY_MS),
    );
  }
  if (key.startsWith('address:') && failures >= ADDRESS_MAX_FAILURES)
    return new Date(windowStartedAt.getTime() + WINDOW_MS);
  return null;
}

interface ThrottleRow {
  key: string;
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

/**
 * Counts a sign-in attempt for the account and the address before its password is checked; throws 429 with
 * Retry-After (and counts nothing) when either is held back.
 */
export async function beginSignInAttempt(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const keys = [accountKey(email), addressKey(ip)].sort();
  const at = now.toISOString();
  const wait = await db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.execute(
        sql`insert into auth_throttle (key, failures, window_started_at) values (${key}, 0, ${at}::timestamptz) on conflict (key) do nothing`,
      );
    }
    // Both rows locked, in key order, so two attempts never wait on each other in a cycle.
    const rows = await queryRows<ThrottleRow>(
      tx,
      sql`select key, failures, window_started_at as "windowStartedAt", blocked_until as "blockedUntil" from auth_throttle
          where key in (${keys[0]}, ${keys[1]}) order by key for update`,
    );
    const blockedUntil = Math.max(
      0,
      ...rows.map((row) => (row.blockedUntil ? new Date(row.blockedUntil).getTime() : 0)),
    );
    if (blockedUntil > now.getTime()) return Math.max(1, Math.ceil((blockedUntil - now.getTime()) / 1000));
    for (const row of rows) {
      const isNewWindow = new Date(row.windowStartedAt).getTime() < now.getTime() - WINDOW_MS;
      const failures = isNewWindow ? 1 : Number(row.failures) + 1;
      const windowStartedAt = isNewWindow ? now : new Date(row.windowStartedAt);
      const until = holdBackUntil(row.key, failures, windowStartedAt, now);
      await tx.execute(sql`
        update auth_throttle set failures = ${failures}, window_started_at = ${windowStartedAt.toISOString()}::timestamptz,
          blocked_until = ${until ? until.toISOString() : null}::timestamptz
        where key = ${row.key}`);
    }
    return null;
  });
  if (wait !== null) throw rateLimited(wait);
}

/** A successful sign-in: the account's failures are forgiven and the address gets back the attempt it counted. */
export async function signInSucceeded(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from auth_throttle where key = ${accountKey(email)}`);
    await giveBackAddressAttempt(tx, ip, now);
  });
}

/**
 * A right password that a two-factor code must follow (docs/sign-in.md): the address gets back its attempt, so an
 * office behind one address is not held back by its own sign-ins, but the account's attempt stays counted until
 * the code is accepted. Forgiving the account here would let someone who knows the password reset its count
 * between code guesses.
 */
export async function passwordStepSucceeded(db: Db, ip: string, now: Date): Promise<void> {
  await db.transaction((tx) => giveBackAddressAttempt(tx, ip, now));
}

async function giveBackAddressAttempt(tx: Tx, ip: string, now: Date): Promise<void> {
  const [row] = await queryRows<{ failures: number; windowStartedAt: string }>(
    tx,
    sql`update auth_throttle set failures = greatest(failures - 1, 0) where key = ${addressKey(ip)}
        returning failures, window_started_at as "windowStartedAt"`,
  );
  if (row && !holdBackUntil(addressKey(ip), Number(row.failures), new Date(row.windowStartedAt), now)) {
    await tx.execute(sql`update auth_throttle set blocked_until = null where key = ${addressKey(ip)}`);
  }
}
