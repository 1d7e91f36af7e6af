// The token between a sign-in's password and its code (`mfaToken`): a short-lived HS256 JWT that names the user and
// what the next step is (`verify` a code, or `enrol` an authenticator first). It is kept apart from access tokens
// three ways, so neither is ever taken for the other: its own key (derived, HKDF, from the server's secret the access
// tokens are signed with), its own type and audience, and a purpose claim. It also carries a stamp of the account's
// sign-in state (its factor, its password, its last sign-in): a reset or new factor, a new password or a completed
// sign-in changes the stamp, and the token stops working at once, as it does when the user is disabled (the
// service checks that on every use).
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { MFA_TOKEN_TTL_SECONDS } from '../../../contract/sign-in';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serverSecret } from '../auth/access-tokens';
import type { Clock } from '../shared/context';

const ALGORITHM = 'HS256';
const TOKEN_TYPE = 'mfa+jwt';
const AUDIENCE = 'license-console/mfa';
const ISSUER = 'license-console';
const PURPOSE = 'mfa';
const KEY_INFO = 'license-console/mfa-token/v1';

export type MfaTokenKind = 'verify' | 'enrol';

/** What the stamp is made of: everything whose change must end a sign-in half way through. */
export interface SignInState {
  id: string;
  mfaSecret: string | null;
  passwordHash: string | null;
  lastLoginAt: Date | null;
}

export interface MfaTokenClaims {
  userId: string;
  kind: MfaTokenKind;
}

export interface MfaTokens {
  issue(state: SignInState, kind: MfaTokenKind): Promise<string>;
  /** The claims of a valid token whose stamp matches `stateOf(user)` now; null for anything else. */
  verify(
    token: string,
    stateOf: (userId: string) => Promise<SignInState | null>,
  ): Promise<MfaTokenClaims | null>;
}

export async function createMfaTokens(db: Db, env: Pick<Env, 'JWT_SECRET'>, now: Clock): Promise<MfaTokens> {
  const key = Buffer.from(hkdfSync('sha256', await serverSecret(db, env), '', KEY_INFO, 32));
  // An HMAC, so the stamp says nothing of what it is made of (the password hash is one ingredient).
  const stampOf = (state: SignInState) =>
    createHmac('sha256', key)
      .update(
        [state.id, state.mfaSecret ?? '', state.passwordHash ?? '', state.lastLoginAt?.getTime() ?? ''].join(
          '\n',
        ),
      )
      .digest('base64url');

  return {
    async issue(state, kind) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ pur: PURPOSE, knd: kind, stm: stampOf(state) })
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(state.id)
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + MFA_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token, stateOf) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          audience: AUDIENCE,
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['exp', 'sub', 'pur', 'knd', 'stm'],
        }));
      } catch {
        return null;
      }
      const { sub, pur, knd, stm } = payload;
      if (typeof sub !== 'string' || pur !== PURPOSE || (knd !== 'verify' && knd !== 'enrol')) return null;
      const state = await stateOf(sub);
      return state && stampOf(state) === stm ? { userId: sub, kind: knd } : null;
    },
  };
}
