// Signed answers (docs/licence-file.md "Signed answers"): the server signs every validate and check-in answer, so a
// licensed machine can tell the server's verdict from one a man in the middle made up, and, by the nonce it sent,
// from an old one replayed to it.
import { fromBase64Url, parseJsonBytes } from './base64url.js';
import { KID_PATTERN, keyRingOf, type KeyRing, type PublicKeyInput } from './keys.js';
import { LICENSE_ALG, hasExactly, isEpochMs, isRecord } from './license-file.js';
import { LICENSE_CHECK_CODES, hasValidSignature, type LicenseCheckCode } from './verify.js';

/** The `format` of an answer's payload. */
export const ANSWER_FORMAT = 'license-answer/v1';

/** The codes an answer may carry: the verdicts, and SEAT_GRANTED (seats, a later feature). */
export const ANSWER_CODES = [...LICENSE_CHECK_CODES, 'SEAT_GRANTED'] as const;
export type AnswerCode = LicenseCheckCode | 'SEAT_GRANTED';

/** The signed claims of an answer, in the order they are serialised. */
export interface AnswerClaims {
  format: typeof ANSWER_FORMAT;
  code: AnswerCode;
  certificateId: string | null;
  serialNumber: string | null;
  /** The caller's nonce, echoed; null when it sent none. */
  nonce: string | null;
  answeredAt: number;
  /** `issuedAt` of the licence the answer is about (with a check-in's `license`: of that file), or null. */
  licenseIssuedAt: number | null;
  /** The required entitlements the licence lacks (ENTITLEMENTS_MISSING), else empty. */
  missing: string[];
  seatId: string | null;
  seatExpiresAt: number | null;
}

/** Answer claim names in payload order. */
export const ANSWER_KEYS = [
  'format',
  'code',
  'certificateId',
  'serialNumber',
  'nonce',
  'answeredAt',
  'licenseIssuedAt',
  'missing',
  'seatId',
  'seatExpiresAt',
] as const satisfies readonly (keyof AnswerClaims)[];

/** The `proof` member of an answer. */
export interface AnswerProof {
  payload: string;
  signature: string;
  kid: string;
  alg: typeof LICENSE_ALG;
}
const PROOF_KEYS = ['payload', 'signature', 'kid', 'alg'] as const satisfies readonly (keyof AnswerProof)[];

/** The bytes the server signs: UTF-8 JSON of the answer claims in the documented order, no whitespace. */
export function encodeAnswer(claims: AnswerClaims): Buffer {
  const record = claims as unknown as Record<string, unknown>;
  return Buffer.from(
    JSON.stringify(Object.fromEntries(ANSWER_KEYS.map((key) => [key, record[key]]))),
    'utf8',
  );
}

const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
const isEpochMsOrNull = (value: unknown) => value === null || isEpochMs(value);
const CODES: ReadonlySet<string> = new Set(ANSWER_CODES);

/** Parses signed answer bytes, or returns null when they are not exactly the claims of `license-answer/v1`. */
export function parseAnswer(bytes: Uint8Array): AnswerClaims | null {
  const c = parseJsonBytes(bytes);
  if (!isRecord(c) || !hasExactly(c, ANSWER_KEYS)) return null;
  const isValid =
    c.format === ANSWER_FORMAT &&
    typeof c.code === 'string' &&
    CODES.has(c.code) &&
    isTextOrNull(c.certificateId) &&
    isTextOrNull(c.serialNumber) &&
    isTextOrNull(c.nonce) &&
    isEpochMs(c.answeredAt) &&
    isEpochMsOrNull(c.licenseIssuedAt) &&
    Array.isArray(c.missing) &&
    c.missing.every((code) => typeof code === 'string') &&
    isTextOrNull(c.seatId) &&
    isEpochMsOrNull(c.seatExpiresAt);
  return isValid ? (c as unknown as AnswerClaims) : null;
}

/** Why a proof was refused. */
export type ProofFailure = 'MALFORMED' | 'UNKNOWN_KEY' | 'SIGNATURE_INVALID' | 'NONCE_MISMATCH';

export type ProofCheck = { ok: true; claims: AnswerClaims } | { ok: false; reason: ProofFailure };

/**
 * Verifies an answer's proof with the trusted keys; the claims come only from the signed payload. With `nonce`
 * (the one the request sent; null for none), the answer's nonce must equal it.
 */
export function verifyProof(
  proof: unknown,
  options: { publicKeys: readonly PublicKeyInput[] | KeyRing; nonce?: string | null | undefined },
): ProofCheck {
  const fail = (reason: ProofFailure): ProofCheck => ({ ok: false, reason });
  const ring = keyRingOf(options.publicKeys);
  if (!isRecord(proof) || !hasExactly(proof, PROOF_KEYS) || proof.alg !== LICENSE_ALG)
    return fail('MALFORMED');
  if (typeof proof.payload !== 'string' || typeof proof.signature !== 'string') return fail('MALFORMED');
  if (typeof proof.kid !== 'string' || !KID_PATTERN.test(proof.kid)) return fail('MALFORMED');
  const signedBytes = fromBase64Url(proof.payload);
  const signature = fromBase64Url(proof.signature);
  if (!signedBytes || !signature || signature.length !== 64) return fail('MALFORMED');
  const claims = parseAnswer(signedBytes);
  if (!claims) return fail('MALFORMED');
  const key = ring.get(proof.kid);
  if (!key) return fail('UNKNOWN_KEY');
  if (!hasValidSignature({ signedBytes, signature }, key)) return fail('SIGNATURE_INVALID');
  if (options.nonce !== undefined && claims.nonce !== options.nonce) return fail('NONCE_MISMATCH');
  return { ok: true, claims };
}
