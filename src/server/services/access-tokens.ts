// Access tokens: HS256 JWTs with the algorithm, type, audience, issuer and expiry all checked. Each names its
// session (`sid`), which every authenticated call reads, so ending the session ends the token at once.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { getOrCreateSetting } from './settings';
import type { Clock } from './context';

const ALGORITHM = 'HS256';
const TOKEN_TYPE = 'at+jwt';
const AUDIENCE = 'license-console';
const ISSUER = 'license-console';

/** Who a valid access token speaks for. */
export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token, or null for any invalid one (expired, tampered, wrong type or audience, no session). */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/**
 * The server's secret: JWT_SECRET, or one generated once and kept in the database, the same in every process. It signs
 * access tokens; other keys are derived from it (the unsubscribe links of e-mail, services/mail/unsubscribe.ts).
 */
export async function serverSecret(db: Db, env: Pick<Env, 'JWT_SECRET'>): Promise<string> {
  return (
    env.JWT_SECRET ??
    (await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url')))
  );
}

export async function createAccessTokens(db: Db, env: Env, now: Clock): Promise<AccessTokens> {
  const key = new TextEncoder().encode(await serverSecret(db, env));
  return {
    async issue({ userId, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + env.ACCESS_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          audience: AUDIENCE,
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, sid } = payload;
        return typeof sub === 'string' && typeof sid === 'string' ? { userId: sub, sessionId: sid } : null;
      } catch {
        return null;
      }
    },
  };
}
