// A single sign-on that ends back on the sign-in page: why, in words fit for the activity log and the server log. The
// words come from a fixed list, never from the request or the provider's free text (an `error_description` or a
// forged callback could say anything), and never carry a code, token, state or nonce.
import type { SsoFailure } from '../../../contract/sign-in';
import type { Db } from '../../db/client';
import { loggableError } from '../../log-redaction';
import { recordActivity } from '../shared/audit';
import type { AppContext } from '../shared/context';
import type { ClientInfo } from '../auth/sessions';

/** A refused single sign-on: the reason the sign-in page shows, and what the logs say. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoFailure,
    /** Plain words, after "single sign-on, " in the activity log. */
    readonly why: string,
    /** The console account concerned, when the refusal is about one. */
    readonly user?: { id: string; name: string; email: string },
    /** The e-mail the provider sent, when no account was found for it. */
    readonly email?: string,
  ) {
    super(why);
  }
}

/** An OAuth error code as the log may show it: the standard vocabulary's characters only, and short. */
const oauthCode = (value: unknown) =>
  typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : 'an unknown error';

type Described = { message?: string; code?: string; error?: unknown; cause?: unknown };

/** The innermost cause with a message: openid-client wraps the checks' own errors (oauth4webapi) in a generic one. */
function innermost(error: Described): Described {
  let current = error;
  for (let depth = 0; depth < 3; depth += 1) {
    const cause = current.cause as Described | undefined;
    if (!(cause instanceof Error)) break;
    current = cause;
  }
  return current;
}

/** What went wrong in the code exchange or the ID token's checks, in plain words. */
export function describeProtocolError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'the answer did not verify';
  const outer = error as Described;
  if (outer.code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR')
    return `the provider answered ${oauthCode(outer.error)}`;
  if (outer.code === 'OAUTH_RESPONSE_BODY_ERROR')
    return `the provider refused the code (${oauthCode(outer.error)}): replayed, expired or not this client's`;
  const inner = innermost(outer);
  const message = inner.message ?? '';
  const claim = (inner.cause as { claim?: unknown } | undefined)?.claim;
  if (/"state"/.test(message)) return "the callback's state did not match the sign-in's";
  if (/signature verification failed/.test(message)) return "the ID token's signature did not verify";
  if (inner.code === 'OAUTH_KEY_SELECTION_FAILED') return 'the ID token was signed with an unknown key';
  if (inner.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return claim === 'exp' ? 'the ID token has expired' : 'the ID token is not valid at this time';
  if (inner.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'aud' || claim === 'azp') return 'the ID token is for another client (audience)';
    if (claim === 'nonce') return "the ID token's nonce did not match the sign-in's";
    if (claim === 'iss') return 'the ID token is from another issuer';
    return "the ID token's claims did not match";
  }
  if (/"iss"/.test(message)) return 'the callback came from another issuer';
  if (/fetch failed|timed? ?out|abort/i.test(`${message} ${String(outer.message)}`))
    return 'the provider could not be reached';
  return 'the answer did not verify';
}

/**
 * Writes the refusal: a warn line, and an `auth.sign_in_refused` row in the activity log (as a refused password
 * sign-in writes one) unless `toActivityLog` is false. Best effort: the browser goes back to the sign-in page whether
 * or not the row could be written.
 */
export async function recordSsoRefusal(
  ctx: Pick<AppContext, 'log'> & { db: Db },
  refusal: SsoRefusal,
  client: ClientInfo,
  at: Date,
  toActivityLog = true,
): Promise<void> {
  const { user } = refusal;
  ctx.log.warn(
    { event: 'auth.sso.refused', reason: refusal.reason, why: refusal.why, userId: user?.id, ip: client.ip },
    'single sign-on refused',
  );
  if (!toActivityLog) return;
  const email = user?.email ?? refusal.email;
  const who = user ? ` for ${user.name} (${user.email})` : email ? ` for ${email}` : '';
  try {
    await ctx.db.transaction((tx) =>
      recordActivity(tx, user ? { id: user.id, name: user.name } : null, {
        type: 'auth.sign_in_refused',
        targetType: 'user',
        targetId: user?.id ?? null,
        description: `Sign-in refused${who} from ${client.ip}: single sign-on, ${refusal.why}`,
        at,
      }),
    );
  } catch (error) {
    ctx.log.error(
      { event: 'auth.sso.record_failed', userId: user?.id, err: loggableError(error) },
      'could not record a refused single sign-on',
    );
  }
}
