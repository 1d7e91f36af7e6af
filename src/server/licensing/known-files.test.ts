import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKnownFiles } from './known-files';
import { signClaims } from './license-file';
import { kidOf, LICENSE_FORMAT_V1, licenseFileOf, toBase64Url, type LicenseClaimsV1 } from './verify-license';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const kid = kidOf(publicKey);

/** A licence file as the server writes it, signed with `key`. */
function licenseFile(changes: Partial<LicenseClaimsV1> = {}, key = privateKey) {
  const claims: LicenseClaimsV1 = {
    format: LICENSE_FORMAT_V1,
    certificateId: '4e07f43f-ebd2-4096-81be-25e69dfcde44',
    serialNumber: 'SN-KNOWN-1',
    clientId: '0b0c8a8e-7d4b-4f43-9d5e-1f0d2b9e8c11',
    clientName: 'Known Files Ltd',
    studioCount: 2,
    userCount: 5,
    validFrom: Date.UTC(2026, 0, 1),
    validTo: Date.UTC(2027, 0, 1),
    issuedAt: Date.UTC(2026, 0, 1),
    kid,
    ...changes,
  };
  const { payload, signature } = signClaims(claims, key);
  return licenseFileOf(payload, signature, kid);
}

describe('known licence files', () => {
  it('decodes a signed part once, and still checks the file around it on every call', () => {
    const files = createKnownFiles();
    const file = licenseFile();
    const first = files.parse(file);
    const again = files.parse({ ...file });
    expect(first?.claims.serialNumber).toBe('SN-KNOWN-1');
    // The same decoded bytes: the second call did not decode again.
    expect(again?.signedBytes).toBe(first?.signedBytes);
    expect(files.size).toBe(1);
    // A known signed part with a readable copy that says otherwise, or a field too many, is malformed.
    expect(files.parse({ ...file, clientName: 'Someone Else' })).toBeNull();
    expect(files.parse({ ...file, studioCount: 99 })).toBeNull();
    expect(files.parse({ ...file, extra: true })).toBeNull();
  });

  it('remembers verdicts, and a changed payload under a known signature never verifies', () => {
    const files = createKnownFiles();
    const good = licenseFile();
    const parsed = files.parse(good)!;
    expect(files.verify(parsed, publicKey)).toBe(true);
    expect(files.verify(files.parse(good)!, publicKey)).toBe(true);
    // Remembered, not worked out again: the verdict of a part stays whatever key is passed (a kid's key never
    // changes, the kid being the key's hash, so the server never passes another).
    expect(files.verify(files.parse(good)!, other.publicKey)).toBe(true);
    const forged = licenseFile({ studioCount: 50 });
    const swapped = files.parse({ ...forged, signature: good.signature })!;
    expect(swapped.claims.studioCount).toBe(50);
    expect(files.verify(swapped, publicKey)).toBe(false);
    expect(files.verify(files.parse(licenseFile({}, other.privateKey))!, publicKey)).toBe(false);
  });

  it('checks a frozen file once, any other file on every call', () => {
    const files = createKnownFiles();
    const frozen = Object.freeze(licenseFile());
    expect(files.parse(frozen)).toBe(files.parse(frozen));
    // An object that could change since is checked again: a readable copy edited after the first call is caught.
    const open: Record<string, unknown> = { ...licenseFile() };
    expect(files.parse(open)).not.toBeNull();
    open.clientName = 'Someone Else';
    expect(files.parse(open)).toBeNull();
    // A malformed frozen file is not remembered either way.
    expect(files.parse(Object.freeze({ ...licenseFile(), alg: 'RS256' }))).toBeNull();
  });

  it('does not remember malformed signed parts', () => {
    const files = createKnownFiles();
    expect(files.parse({ ...licenseFile(), payload: 'not base64url!' })).toBeNull();
    expect(files.parse({ ...licenseFile(), signature: toBase64Url(Buffer.alloc(10)) })).toBeNull();
    expect(files.size).toBe(0);
  });

  it('keeps forgeries apart: a flood of them never pushes a verified file out', () => {
    const files = createKnownFiles(4);
    const real = licenseFile();
    expect(files.verify(files.parse(real)!, publicKey)).toBe(true);
    for (let n = 0; n < 50; n += 1) {
      const forged = files.parse(licenseFile({ serialNumber: `SN-FORGED-${n}` }, other.privateKey))!;
      expect(files.verify(forged, publicKey)).toBe(false);
    }
    // The machine's part is still the one decoded first: the forgeries went to their own map.
    const again = files.parse({ ...real });
    expect(again?.signedBytes).toBe(files.parse(real)?.signedBytes);
    expect(files.size).toBe(1);
  });
});
