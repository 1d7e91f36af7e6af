// Access tokens: HS256 JWTs with the algorithm, type, audience, issuer and expiry all checked. Each names its
// session (`sid`), which every authenticated call reads, so ending the session ends the token at once.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { getOrCreateSetting } from '../shared/settings';
import { createRecentMap } from '../../recent-map';
import type { Clock } from '../shared/context';

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

/** Tokens whose signature was checked, remembered (a token is a few hundred bytes; a console sends one per 10 min). */
const VERIFIED_TOKENS = 10_000;

export async function createAccessTokens(db: Db, env: Env, now: Clock): Promise<AccessTokens> {
  const key = new TextEncoder().encode(await serverSecret(db, env));
  // A token's signature, type, audience and issuer never change, so each is verified once, and its claims are kept
  // until it expires: verifying (WebCrypto, a promise chain of its own) was a tenth of a list's time. The
  // session it names is still read on every call, so ending the session still ends the token at once.
  const verified = createRecentMap<string, { claims: AccessTokenClaims; expiresAtMs: number }>(
    VERIFIED_TOKENS,
  );
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
      const known = verified.get(token);
      if (known) return now().getTime() < known.expiresAtMs ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          audience: AUDIENCE,
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || exp === undefined) return null;
        const claims = { userId: sub, sessionId: sid };
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
