// Failed sign-in throttling, counted in the database so it holds across processes (docs/security.md "Sign-in
// throttling"). Each counter is a row of auth_throttle:
//
// - `pair:` one account from one address: five free failures, then a delay from 1 s doubling up to 15 minutes. The
//   address that guesses is the one held back, so failures from one address never lock the account's owner out at
//   another.
// - `address:` one address, whatever the account: 20 failures in 15 minutes, then the rest of the window (one
//   address trying many accounts).
// - `account:` one account's wrong passwords from every address: after 50 in an hour, every address waits for the
//   hour's end, but only where a right password alone would get the caller in. An account whose password is
//   followed by a code (or that has none) is not held back by it: a guessed password only reaches the code step.
// - `code:` one account's wrong codes from every address: five free, then the growing delay. Only someone who has
//   the password makes these, and a six-digit code is too small a space to be guessed from many addresses at once.
//
// An attempt is counted before its password is checked, under the counter rows' locks: parallel guesses are
// counted one by one and the one that reaches a limit holds back the rest, instead of all of them passing a
// check made before any was counted. A success then gives its count back.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { rateLimited } from '../../errors';

const WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Failures one account may have from one address (or in codes, from all) before each further one adds a growing delay. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures one client address may have in a window before it waits for the window's end. */
export const ADDRESS_MAX_FAILURES = 20;
/** Wrong passwords an account may have in an hour across addresses before every address waits (see above). */
export const ACCOUNT_HOURLY_MAX_FAILURES = 50;
const MAX_ACCOUNT_DELAY_MS = WINDOW_MS;

type Counter = 'pair' | 'address' | 'account' | 'code';

interface Rule {
  windowMs: number;
  /** When a counter with `failures` in a window that began at `windowStartedAt` is held back until, if at all. */
  holdBack(failures: number, windowStartedAt: Date, now: Date): Date | null;
}

/** 1 s after the fifth failure, then doubling, never more than the window. */
const growingDelay: Rule['holdBack'] = (failures, _windowStartedAt, now) =>
  failures >= ACCOUNT_FREE_FAILURES
    ? new Date(now.getTime() + Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES), MAX_ACCOUNT_DELAY_MS))
    : null;
const untilWindowEnds =
  (max: number, windowMs: number): Rule['holdBack'] =>
  (failures, windowStartedAt) =>
    failures >= max ? new Date(windowStartedAt.getTime() + windowMs) : null;

const RULES: Record<Counter, Rule> = {
  pair: { windowMs: WINDOW_MS, holdBack: growingDelay },
  code: { windowMs: WINDOW_MS, holdBack: growingDelay },
  address: { windowMs: WINDOW_MS, holdBack: untilWindowEnds(ADDRESS_MAX_FAILURES, WINDOW_MS) },
  account: { windowMs: HOUR_MS, holdBack: untilWindowEnds(ACCOUNT_HOURLY_MAX_FAILURES, HOUR_MS) },
};

const accountOf = (email: string) => email.trim().toLowerCase();
// An address never holds '|', so the pair's key names one account and one address whatever the e-mail holds.
const keyOf = (counter: Counter, email: string, ip: string) =>
  counter === 'address'
    ? `address:${ip}`
    : counter === 'pair'
      ? `pair:${ip}|${accountOf(email)}`
      : `${counter}:${accountOf(email)}`;
const counterOf = (key: string) => key.slice(0, key.indexOf(':')) as Counter;

/** What a sign-in attempt checks, and for whom. */
export interface SignInAttempt {
  /** The e-mail the attempt names (as typed: compared ignoring case and surrounding spaces). */
  email: string;
  ip: string;
  /** A password, a two-factor code after it, or a single sign-on (the provider proved who it is). */
  step: 'password' | 'code' | 'sso';
  /**
   * For a password: whether a right one alone gets the caller what they ask (a session, or a signed-in change such as
   * a new password). False for a sign-in whose code comes next, or to an account without a password: failures from
   * other addresses then never hold it back. An unknown account counts as true, so the answer tells nothing about it.
   */
  passwordIsEnough?: boolean;
}

/** The counters an attempt moves. */
function countersOf(step: SignInAttempt['step']): Counter[] {
  if (step === 'password') return ['pair', 'address', 'account'];
  if (step === 'code') return ['pair', 'address', 'code'];
  return ['pair', 'address'];
}

interface ThrottleRow {
  key: string;
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

/**
 * Counts a sign-in attempt on each of its counters before its password or code is checked; throws 429 with
 * Retry-After (and counts nothing) when one of them holds the attempt back.
 */
export async function beginSignInAttempt(db: Db, attempt: SignInAttempt, now: Date): Promise<void> {
  const keys = countersOf(attempt.step)
    .map((counter) => keyOf(counter, attempt.email, attempt.ip))
    .sort();
  const at = now.toISOString();
  const holdsBack = (row: ThrottleRow) =>
    counterOf(row.key) !== 'account' || attempt.passwordIsEnough !== false;
  const wait = await db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.execute(
        sql`insert into auth_throttle (key, failures, window_started_at) values (${key}, 0, ${at}::timestamptz) on conflict (key) do nothing`,
      );
    }
    // Every row locked, in key order, so two attempts never wait on each other in a cycle.
    const rows = await queryRows<ThrottleRow>(
      tx,
      sql`select key, failures, window_started_at as "windowStartedAt", blocked_until as "blockedUntil" from auth_throttle
          where key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}) order by key for update`,
    );
    const blockedUntil = Math.max(
      0,
      ...rows.filter(holdsBack).map((row) => (row.blockedUntil ? new Date(row.blockedUntil).getTime() : 0)),
    );
    if (blockedUntil > now.getTime()) return Math.max(1, Math.ceil((blockedUntil - now.getTime()) / 1000));
    for (const row of rows) {
      const rule = RULES[counterOf(row.key)];
      const isNewWindow = new Date(row.windowStartedAt).getTime() < now.getTime() - rule.windowMs;
      const failures = isNewWindow ? 1 : Number(row.failures) + 1;
      const windowStartedAt = isNewWindow ? now : new Date(row.windowStartedAt);
      // Written even where it does not hold this attempt back: it holds back the attempts it concerns.
      const until = rule.holdBack(failures, windowStartedAt, now);
      await tx.execute(sql`
        update auth_throttle set failures = ${failures}, window_started_at = ${windowStartedAt.toISOString()}::timestamptz,
          blocked_until = ${until ? until.toISOString() : null}::timestamptz
        where key = ${row.key}`);
    }
    return null;
  });
  if (wait !== null) throw rateLimited(wait);
}

/**
 * A successful sign-in (or signed-in password check): this account's failures from this address are forgiven, and
 * so are its wrong codes when a code succeeded; the address and the account's hourly count get back the attempt
 * counted for it. The hourly count is never wiped: the owner's success must not reset other addresses' guessing.
 */
export async function signInSucceeded(
  db: Db,
  attempt: Pick<SignInAttempt, 'email' | 'ip' | 'step'>,
  now: Date,
): Promise<void> {
  const { email, ip, step } = attempt;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from auth_throttle where key = ${keyOf('pair', email, ip)}`);
    if (step === 'code')
      await tx.execute(sql`delete from auth_throttle where key = ${keyOf('code', email, ip)}`);
    await giveBackAttempt(tx, keyOf('address', email, ip), now);
    if (step === 'password') await giveBackAttempt(tx, keyOf('account', email, ip), now);
  });
}

/**
 * A right password that a two-factor code must follow (docs/sign-in.md): the address and the account's hourly count
 * get back their attempt, so an office behind one address is not held back by its own sign-ins, but the attempt
 * stays counted for this account from this address until the code is accepted. Forgiving it here would let someone
 * who knows the password reset the count between code guesses.
 */
export async function passwordStepSucceeded(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await giveBackAttempt(tx, keyOf('address', email, ip), now);
    await giveBackAttempt(tx, keyOf('account', email, ip), now);
  });
}

async function giveBackAttempt(tx: Tx, key: string, now: Date): Promise<void> {
  const [row] = await queryRows<{ failures: number; windowStartedAt: string }>(
    tx,
    sql`update auth_throttle set failures = greatest(failures - 1, 0) where key = ${key}
        returning failures, window_started_at as "windowStartedAt"`,
  );
  if (row && !RULES[counterOf(key)].holdBack(Number(row.failures), new Date(row.windowStartedAt), now)) {
    await tx.execute(sql`update auth_throttle set blocked_until = null where key = ${key}`);
  }
}
