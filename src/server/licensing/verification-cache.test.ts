import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVerificationCache } from './validation-service';
import type { ParsedLicense } from './verify-license';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const licence = (text: string, signature?: Buffer): ParsedLicense => {
  const signedBytes = Buffer.from(text);
  const signed = signature ?? sign(null, signedBytes, privateKey);
  return {
    claims: {} as ParsedLicense['claims'],
    signedBytes,
    signature: signed,
    kid: 'abcdef0123456789',
    encoded: { payload: signedBytes.toString('base64url'), signature: signed.toString('base64url') },
  };
};

describe('verification cache', () => {
  it('remembers verdicts, and a changed payload with a known signature never hits', () => {
    const cache = createVerificationCache(2);
    const good = licence('{"a":1}');
    expect(cache.check(good, publicKey)).toBe(true);
    expect(cache.check(good, publicKey)).toBe(true);
    expect(cache.size).toBe(1);
    expect(cache.check(licence('{"a":2}', good.signature), publicKey)).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = createVerificationCache(2);
    const [a, b, c] = ['1', '2', '3'].map((n) => licence(`{"n":${n}}`));
    cache.check(a!, publicKey);
    cache.check(b!, publicKey);
    cache.check(a!, publicKey);
    cache.check(c!, publicKey);
    expect(cache.size).toBe(2);
  });
});
