// Finds secrets in log lines: argon2 hashes, JWTs (access tokens and mfaTokens), PEM blocks (keys), API tokens, webhook
// secrets, TOTP secrets and unsubscribe tokens by their shape, and refresh tokens, which are shapeless (43 base64url characters), by asking the
// database whether a candidate's SHA-256 is the hash of a token it issued. Every test app runs this over everything it logged when it closes
// (tests/support/test-app.ts), so the whole server test run is covered, not just the tests that look at logs.
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { refreshTokens } from '../../src/server/db/schema';

/** Secrets with a recognisable shape. */
export const SECRET_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'argon2 hash', pattern: /\$argon2(?:id|i|d)\$/ },
  { name: 'JWT', pattern: /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+/ },
  { name: 'PEM block', pattern: /-----BEGIN [A-Z0-9 ]+-----/ },
  { name: 'API token', pattern: /\blc_[A-Za-z0-9_-]{43}\b/ },
  { name: 'webhook secret', pattern: /\bwhsec_[A-Za-z0-9+/]{43}=/ },
  // Two-factor sign-in (src/server/services/mfa): an enrolment's otpauth URI, and a TOTP secret alone (20 bytes as
  // base32: 32 capitals and digits 2 to 7, standing alone).
  { name: 'otpauth URI', pattern: /otpauth:\/\/totp\//i },
  { name: 'TOTP secret', pattern: /(?<![A-Za-z0-9])[A-Z2-7]{32}(?![A-Za-z0-9])/ },
  // The token of an e-mail's unsubscribe link (src/server/services/mail/unsubscribe-tokens.ts).
  {
    name: 'unsubscribe token',
    pattern:
      /\b(?:user|contact)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}/,
  },
];

/** What a refresh token looks like: 32 random bytes as unpadded base64url, standing alone. */
const REFRESH_TOKEN_CANDIDATE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** The kinds of secret found in `lines` (empty when there is none); never the secrets themselves. */
export async function secretsInLog(lines: readonly string[], db?: Db): Promise<string[]> {
  const found = new Set<string>();
  const candidates = new Map<string, string>();
  for (const line of lines) {
    for (const { name, pattern } of SECRET_PATTERNS) if (pattern.test(line)) found.add(name);
    for (const [candidate] of line.matchAll(REFRESH_TOKEN_CANDIDATE)) {
      candidates.set(createHash('sha256').update(candidate).digest('hex'), candidate);
    }
  }
  if (db && candidates.size > 0) {
    const hashes = [...candidates.keys()];
    for (let i = 0; i < hashes.length; i += 500) {
      const issued = await db
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(inArray(refreshTokens.tokenHash, hashes.slice(i, i + 500)));
      if (issued.length > 0) found.add('refresh token');
    }
  }
  return [...found];
}
