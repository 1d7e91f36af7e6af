// TOTP secrets (RFC 6238 through `otpauth`: SHA-1, six digits, 30 seconds, the authenticator apps' common ground)
// and their encryption at rest with AES-256-GCM under the secrets key (secrets-key.ts, ADR 0015).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_TITLE } from '../../../contract/constants';
import { MFA_CODE_DIGITS, MFA_PERIOD_SECONDS } from '../../../contract/sign-in';

/** A code is accepted one step either side of now: clocks drift, and a code typed as its step ends still counts. */
const WINDOW_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;
const FORMAT = 'v1';
const IV_BYTES = 12;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: PRODUCT_TITLE,
    label: account,
    algorithm: 'SHA1',
    digits: MFA_CODE_DIGITS,
    period: MFA_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret, as base32 (what an authenticator app takes typed in). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The `otpauth://totp/...` URI the enrolment's QR code carries: issuer 'License Console', the user's e-mail. */
export const otpauthUriOf = (secret: string, email: string): string => totpOf(secret, email).toString();

/** Whether a code is an authenticator's (six digits, spaces allowed as apps show them) rather than a recovery code. */
export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The time step (30-second period since the epoch) a code belongs to, when it is right for `secret` at `at` within
 * one step; null when it is not. The caller accepts it only when the step is newer than the last one accepted.
 */
export function stepOfCode(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secret);
  const timestamp = at.getTime();
  const delta = totp.validate({ token, timestamp, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/**
 * Encrypts a secret for the row of one user: `v1.<iv>.<ciphertext>.<tag>` (base64url). The user's id is the
 * additional data, so a ciphertext copied into another user's row does not decrypt there.
 */
export function encryptSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`mfa:${userId}`));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The secret of a stored value, or null when it does not decrypt with this key: the key was lost or replaced, or
 * the value was altered. Never throws, so an unreadable secret is a refusal the caller explains, not a 500.
 */
export function decryptSecret(key: Buffer, userId: string, stored: string): string | null {
  const [format, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (format !== FORMAT || !iv || !ciphertext || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`mfa:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
