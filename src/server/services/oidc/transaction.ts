// What a single sign-on carries from its start to its callback: the PKCE verifier, `state`, `nonce` and where to land.
// It travels in a cookie of the browser that started, encrypted and authenticated (JWE, `dir` + A256GCM) with a key
// derived from the server's secret, so:
// - the callback is tied to the browser that started it (a `state` from someone else's sign-in matches nothing here,
//   which is the point of `state`: no one can sign a victim in as themself);
// - every process of a deployment reads it (the secret is shared: JWT_SECRET or the one kept in the database), and
//   nothing is stored per sign-in, so no table fills with abandoned starts;
// - the browser can neither read the verifier and nonce nor change `next`.
// The callback clears it whatever the outcome: a replayed callback finds none, and a replay that carries a copy of
// it still fails, as the provider accepts a code once.
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serverSecret } from '../auth/access-tokens';

/** The cookie's name and path: sent to the callback only. */
export const OIDC_TRANSACTION_COOKIE = 'lc_oidc';
/** A sign-in at the provider longer than this (typing a password, a second factor) starts again. */
export const OIDC_TRANSACTION_TTL_SECONDS = 600;

const KEY_INFO = 'license-console/oidc-transaction/v1';
const AUDIENCE = 'license-console/oidc-callback';

export interface OidcTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** The console path to land on, already checked (next-path.ts). */
  next: string;
}

export interface TransactionSealer {
  seal(transaction: OidcTransaction, now: Date): Promise<string>;
  /** The transaction, or null for anything this server did not seal, expired, or malformed. */
  open(sealed: string | undefined, now: Date): Promise<OidcTransaction | null>;
}

export async function createTransactionSealer(
  db: Db,
  env: Pick<Env, 'JWT_SECRET'>,
): Promise<TransactionSealer> {
  const key = new Uint8Array(hkdfSync('sha256', await serverSecret(db, env), '', KEY_INFO, 32));
  return {
    seal({ codeVerifier, state, nonce, next }, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new EncryptJWT({ v: codeVerifier, s: state, n: nonce, next })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + OIDC_TRANSACTION_TTL_SECONDS)
        .encrypt(key);
    },
    async open(sealed, now) {
      // A JWE of this payload is a few hundred characters; anything far longer is not one of ours.
      if (!sealed || sealed.length > 4096) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['exp'],
        });
        const { v, s, n, next } = payload;
        if (
          typeof v !== 'string' ||
          typeof s !== 'string' ||
          typeof n !== 'string' ||
          typeof next !== 'string'
        )
          return null;
        return { codeVerifier: v, state: s, nonce: n, next };
      } catch {
        return null;
      }
    },
  };
}
