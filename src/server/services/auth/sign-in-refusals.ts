// Refused sign-ins, in the log and in the activity log: a wrong password, a disabled account, password sign-in turned
// off, a wrong two-factor code, and the throttle's hold-backs. Shared by the password step (auth-service.ts) and the
// code step (mfa/mfa-service.ts), so both read alike and one hold-back is recorded once whichever step met it.
import { HttpError } from '../../errors';
import { loggableError } from '../../log-redaction';
import { recordActivity } from '../shared/audit';
import type { AppContext } from '../shared/context';
import type { ClientInfo } from './sessions';

export type RefusalReason =
  'failed' | 'disabled' | 'password_off' | 'wrong_code' | 'code_reused' | 'secret_unreadable' | 'throttled';

const WHY: Record<RefusalReason, (isKnown: boolean) => string> = {
  failed: (isKnown) => (isKnown ? 'wrong password' : 'no such account'),
  disabled: () => 'account disabled',
  password_off: () => 'password sign-in is turned off',
  wrong_code: () => 'wrong code',
  code_reused: () => 'code already used',
  secret_unreadable: () => 'the two-factor secret cannot be read with the secrets key',
  throttled: () => 'too many attempts',
};

const LOG_LINES: Record<Exclude<RefusalReason, 'throttled'>, { event: string; message: string }> = {
  failed: { event: 'auth.login.failed', message: 'sign-in failed' },
  disabled: { event: 'auth.login.disabled', message: 'sign-in refused: account disabled' },
  password_off: { event: 'auth.login.password_off', message: 'sign-in refused: password sign-in is off' },
  wrong_code: { event: 'auth.mfa.failed', message: 'sign-in refused: wrong two-factor code' },
  code_reused: { event: 'auth.mfa.reused', message: 'sign-in refused: two-factor code already used' },
  secret_unreadable: {
    event: 'auth.mfa.unreadable',
    message: 'sign-in refused: two-factor secret unreadable',
  },
};

type Who = { id: string; name: string } | undefined;

export interface SignInRefusals {
  /** Logs a refusal and records it in the activity log. */
  refuse(
    reason: Exclude<RefusalReason, 'throttled'>,
    email: string,
    user: Who,
    client: ClientInfo,
    at: Date,
  ): Promise<void>;
  /** Logs a throttled attempt (`event`) and records the first of each hold-back. */
  throttled(
    event: string,
    error: unknown,
    email: string,
    user: Who,
    client: ClientInfo,
    at: Date,
  ): Promise<void>;
}

export function createSignInRefusals({ db, log }: AppContext): SignInRefusals {
  // Throttled refusals already recorded, by account and address: one row per hold-back, not one per request, since
  // the throttle bounds the other refusals but not the 429s a caller may keep asking for. Per process, and cleared
  // when it grows (a few repeated rows then, never unbounded memory).
  const throttleRecordedUntil = new Map<string, number>();
  const THROTTLE_MEMORY = 10_000;

  /** Whether a throttled refusal of this account from this address is the first of its hold-back. */
  function isFirstThrottledRefusal(email: string, client: ClientInfo, at: Date, error: unknown) {
    const key = `${email.trim().toLowerCase()}|${client.ip}`;
    if ((throttleRecordedUntil.get(key) ?? 0) > at.getTime()) return false;
    if (throttleRecordedUntil.size >= THROTTLE_MEMORY) throttleRecordedUntil.clear();
    const retryAfter = Number(error instanceof HttpError ? error.headers?.['retry-after'] : 0) || 1;
    throttleRecordedUntil.set(key, at.getTime() + retryAfter * 1000);
    return true;
  }

  /**
   * A refused sign-in in the activity log (a security event, read by the roles that may read user activity): the
   * user as actor and target when the e-mail is theirs, otherwise no actor and the e-mail attempted in the
   * description (a well-formed address: the sign-in schema refuses anything else before this); never the password
   * or the code. Best effort: the refusal is answered whether or not the row could be written, and the throttle
   * bounds how many are written.
   */
  async function record(reason: RefusalReason, email: string, user: Who, client: ClientInfo, at: Date) {
    const who = user ? `${user.name} (${email})` : email;
    try {
      await db.transaction((tx) =>
        recordActivity(tx, user ? { id: user.id, name: user.name } : null, {
          type: 'auth.sign_in_refused',
          targetType: 'user',
          targetId: user?.id ?? null,
          description: `Sign-in refused for ${who} from ${client.ip}: ${WHY[reason](Boolean(user))}`,
          at,
        }),
      );
    } catch (error) {
      log.error(
        { event: 'auth.login.record_failed', userId: user?.id, err: loggableError(error) },
        'could not record a refused sign-in',
      );
    }
  }

  return {
    async refuse(reason, email, user, client, at) {
      const { event, message } = LOG_LINES[reason];
      log.warn({ event, userId: user?.id, ip: client.ip }, message);
      await record(reason, email, user, client, at);
    },
    async throttled(event, error, email, user, client, at) {
      log.warn({ event, userId: user?.id, ip: client.ip }, 'sign-in throttled');
      if (isFirstThrottledRefusal(email, client, at, error))
        await record('throttled', email, user, client, at);
    },
  };
}
