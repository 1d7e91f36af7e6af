// The test vector and the openssl commands of docs/licence-file.md, checked as written there.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LICENSE_CHECK_CODES as CONTRACT_CODES, LICENSE_CHECK_TEXTS } from '../../contract/licensing';
import { docBlock, docTable, runBin, runNpx, runShell } from '../../../tests/support/licensing';
import {
  LICENSE_CHECK_CODES,
  LICENSE_CHECK_MESSAGES,
  encodeAnswer,
  encodeClaims,
  kidOf,
  parseAnswer,
  parseClaims,
  toBase64Url,
  verifyLicense,
  verifyProof,
  type LicenseClaims,
  type LicenseFile,
} from './verify-license';

/** The payload and signature of `claims` signed with `key`, as the server signs them. */
const signClaims = (claims: LicenseClaims, key: KeyObject) => {
  const bytes = encodeClaims(claims);
  return { payload: toBase64Url(bytes), signature: toBase64Url(sign(null, bytes, key)) };
};
const code = (cell: string) => cell.replaceAll('`', '').split(' ')[0]!;

const privatePem = docBlock('test-vector:private-key');
const publicPem = docBlock('test-vector:public-key');
const kid = docBlock('test-vector:kid').trim();
const file = JSON.parse(docBlock('test-vector:file')) as LicenseFile;
const payloadText = docBlock('test-vector:payload').trimEnd();
const signatureHex = docBlock('test-vector:signature-hex').trim();
const NOW = 1781524800000;

const folder = mkdtempSync(join(tmpdir(), 'licence-doc-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the test vector of docs/licence-file.md', () => {
  it('has a public key and kid that belong to its private key', () => {
    const privateKey = createPrivateKey(privatePem);
    const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
    expect(derived).toBe(publicPem);
    expect(kidOf(createPublicKey(publicPem))).toBe(kid);
    expect(file.kid).toBe(kid);
  });

  it('has a payload that decodes to the documented bytes, which the server encoder reproduces', () => {
    const bytes = Buffer.from(file.payload, 'base64url');
    expect(bytes.toString('utf8')).toBe(payloadText);
    const claims = parseClaims(bytes);
    expect(claims).not.toBeNull();
    expect(encodeClaims(claims!).equals(bytes)).toBe(true);
  });

  it('has the deterministic Ed25519 signature of those bytes', () => {
    const signature = sign(null, Buffer.from(payloadText, 'utf8'), createPrivateKey(privatePem));
    expect(signature.toString('hex')).toBe(signatureHex);
    expect(signature.toString('base64url')).toBe(file.signature);
    const claims = parseClaims(Buffer.from(payloadText, 'utf8'))!;
    expect(signClaims(claims, createPrivateKey(privatePem))).toEqual({
      payload: file.payload,
      signature: file.signature,
    });
  });

  it('gives the documented verdict at each documented time and serial number', () => {
    const rows = docTable('test-vector:verdicts');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [now, serial, expected] of rows) {
      const verdict = verifyLicense(file, {
        publicKeys: [publicPem],
        now: Number(now!.split(' ')[0]),
        ...(serial === '—' ? {} : { serialNumber: serial }),
      });
      expect(`${now} ${serial} ${verdict.code}`).toBe(`${now} ${serial} ${expected!.replaceAll('`', '')}`);
    }
  });

  it('gives the documented verdict for each documented alteration', () => {
    const other = generateKeyPairSync('ed25519');
    const otherKid = kidOf(other.publicKey);
    const reKid = (): LicenseFile => {
      const claims = { ...parseClaims(Buffer.from(file.payload, 'base64url'))!, kid: otherKid };
      return { ...file, ...signClaims(claims, other.privateKey), kid: otherKid };
    };
    const payload = Buffer.from(
      payloadText.replace('"issuedAt":1767225600000', '"issuedAt":1767225600001'),
      'utf8',
    );
    const alterations: (() => LicenseFile)[] = [
      () => ({ ...file, userCount: 250 }),
      () => ({ ...file, payload: payload.toString('base64url') }),
      () => ({ ...file, signature: `C${file.signature.slice(1)}` }),
      reKid,
      () => ({ ...file, signature: `${file.signature}==` }),
    ];
    const rows = docTable('test-vector:altered');
    expect(rows).toHaveLength(alterations.length);
    rows.forEach(([description, expected], index) => {
      const verdict = verifyLicense(alterations[index]!(), { publicKeys: [publicPem], now: NOW });
      expect(`${description}: ${verdict.code}`).toBe(`${description}: ${expected!.replaceAll('`', '')}`);
    });
    expect(file.signature.startsWith('B')).toBe(true);
  });

  it('documents exactly the messages the verifier and the contract answer with', () => {
    expect(LICENSE_CHECK_CODES).toEqual(CONTRACT_CODES);
    expect(LICENSE_CHECK_MESSAGES).toEqual(LICENSE_CHECK_TEXTS);
    const documented = Object.fromEntries(
      docTable('code-messages').map(([code, message]) => [code!.replaceAll('`', ''), message]),
    );
    expect(documented).toEqual(LICENSE_CHECK_TEXTS);
  });
});

describe('the version 2 test vector of docs/licence-file.md', () => {
  const fileV2 = JSON.parse(docBlock('test-vector-v2:file')) as LicenseFile;
  const payloadV2 = docBlock('test-vector-v2:payload').trimEnd();
  const NOW_V2 = 1797336000000;
  const publicKeys = [publicPem];

  it('has a payload of the documented bytes, which the encoder reproduces, and their deterministic signature', () => {
    const bytes = Buffer.from(fileV2.payload, 'base64url');
    expect(bytes.toString('utf8')).toBe(payloadV2);
    const claims = parseClaims(bytes);
    expect(claims).toMatchObject({
      format: 'license-certificate/v2',
      entitlements: ['PLUGINS', 'RENDER_FARM'],
    });
    expect(encodeClaims(claims!).equals(bytes)).toBe(true);
    const signature = sign(null, bytes, createPrivateKey(privatePem));
    expect(signature.toString('hex')).toBe(docBlock('test-vector-v2:signature-hex').trim());
    expect(signClaims(claims!, createPrivateKey(privatePem))).toEqual({
      payload: fileV2.payload,
      signature: fileV2.signature,
    });
    expect(fileV2.kid).toBe(kid);
  });

  it('gives the documented verdict at each documented time, serial number and requirement', () => {
    const rows = docTable('test-vector-v2:verdicts');
    const seen = new Set(rows.map((row) => code(row[3]!)));
    for (const expected of ['VALID', 'GRACE', 'FILE_EXPIRED', 'EXPIRED', 'ENTITLEMENTS_MISSING'])
      expect(seen).toContain(expected);
    for (const [now, serial, required, expected] of rows) {
      const verdict = verifyLicense(fileV2, {
        publicKeys,
        now: Number(now!.split(' ')[0]),
        ...(serial === '—' ? {} : { serialNumber: serial }),
        ...(required === '—' ? {} : { requiredEntitlements: required!.split(', ') }),
      });
      const missing = /\(missing: (.*)\)/.exec(expected!)?.[1];
      const described = `${now} ${serial} ${required}`;
      expect(`${described}: ${verdict.code}`).toBe(`${described}: ${code(expected!)}`);
      expect(verdict.missing?.join(', ')).toBe(missing);
    }
  });

  it('gives the documented verdict for each documented alteration', () => {
    const { expiresAt: _dropped, ...withoutExpiry } = fileV2 as LicenseFile & { expiresAt: number };
    const text = payloadV2.replace('"RENDER_FARM"', '"RENDER_FARN"');
    const alterations: unknown[] = [
      { ...fileV2, expiresAt: 1799971200000 },
      withoutExpiry,
      { ...withoutExpiry, format: 'license-certificate/v1' },
      { ...fileV2, payload: Buffer.from(text, 'utf8').toString('base64url') },
      { ...fileV2, signature: `x${fileV2.signature.slice(1)}` },
    ];
    expect(fileV2.signature.startsWith('w')).toBe(true);
    const rows = docTable('test-vector-v2:altered');
    expect(rows).toHaveLength(alterations.length);
    rows.forEach(([description, expected], index) => {
      const verdict = verifyLicense(alterations[index], { publicKeys, now: NOW_V2 });
      expect(`${description}: ${verdict.code}`).toBe(`${description}: ${code(expected!)}`);
    });
  });
});

describe('the signed answer test vector of docs/licence-file.md', () => {
  const proof = JSON.parse(docBlock('test-vector-answer:proof')) as Record<string, string>;
  const nonce = docBlock('test-vector-answer:nonce').trim();
  const payload = docBlock('test-vector-answer:payload').trimEnd();
  const publicKeys = [publicPem];

  it('has a payload of the documented bytes, which the encoder reproduces, and their deterministic signature', () => {
    const bytes = Buffer.from(proof.payload!, 'base64url');
    expect(bytes.toString('utf8')).toBe(payload);
    const claims = parseAnswer(bytes);
    expect(claims).toMatchObject({ format: 'license-answer/v1', code: 'VALID', nonce });
    expect(encodeAnswer(claims!).equals(bytes)).toBe(true);
    const signature = sign(null, bytes, createPrivateKey(privatePem));
    expect(signature.toString('hex')).toBe(docBlock('test-vector-answer:signature-hex').trim());
    expect(signature.toString('base64url')).toBe(proof.signature);
    expect(proof.kid).toBe(kid);
  });

  it('is accepted with its nonce, refused with another, altered or with a member added', () => {
    expect(verifyProof(proof, { publicKeys, nonce })).toMatchObject({ ok: true, claims: { code: 'VALID' } });
    expect(verifyProof(proof, { publicKeys, nonce: 'another-nonce-0000000000' })).toEqual({
      ok: false,
      reason: 'NONCE_MISMATCH',
    });
    const text = payload.replace('"answeredAt":1797336000000', '"answeredAt":1797336000001');
    const altered = Buffer.from(text, 'utf8').toString('base64url');
    expect(verifyProof({ ...proof, payload: altered }, { publicKeys, nonce })).toEqual({
      ok: false,
      reason: 'SIGNATURE_INVALID',
    });
    expect(verifyProof({ ...proof, extra: 1 }, { publicKeys, nonce })).toEqual({
      ok: false,
      reason: 'MALFORMED',
    });
  });
});

describe('the openssl commands of docs/licence-file.md', () => {
  it('verify the test vector file and compute its kid', async () => {
    writeFileSync(join(folder, 'vector.json'), JSON.stringify(file, null, 2));
    writeFileSync(join(folder, 'vector.pem'), publicPem);
    const env = { LICENSE: 'vector.json', PUBLIC_KEY: 'vector.pem' };
    const { stdout } = await runShell(docBlock('verify-commands'), { cwd: folder, env });
    expect(stdout).toContain('Signature Verified Successfully');
    expect(stdout).toContain(payloadText);
    const kidRun = await runShell(docBlock('kid-command'), { cwd: folder, env });
    expect(kidRun.stdout.trim()).toBe(kid);
  });

  it('fail on an altered file', async () => {
    const altered = { ...file, signature: `C${file.signature.slice(1)}` };
    writeFileSync(join(folder, 'altered.json'), JSON.stringify(altered));
    writeFileSync(join(folder, 'vector.pem'), publicPem);
    await expect(
      runShell(docBlock('verify-commands'), {
        cwd: folder,
        env: { LICENSE: 'altered.json', PUBLIC_KEY: 'vector.pem' },
      }),
    ).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('Signature Verification Failure') as unknown,
    });
  });
});

describe('npx license-console verify', () => {
  it('prints VALID with the claims and exits 0 for the test vector', async () => {
    writeFileSync(join(folder, 'cli.json'), JSON.stringify(file));
    writeFileSync(join(folder, 'cli.pem'), publicPem);
    const result = await runBin([
      'verify',
      join(folder, 'cli.json'),
      '--public-key',
      join(folder, 'cli.pem'),
      '--now',
      '2026-06-15T12:00:00Z',
    ]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('VALID: The licence is valid.');
    expect(result.stdout).toContain('SN-2026-0001');
  });

  it('exits 1 with the verdict for an invalid licence, and 2 for a usage error', async () => {
    writeFileSync(
      join(folder, 'cli-bad.json'),
      JSON.stringify({ ...file, signature: `C${file.signature.slice(1)}` }),
    );
    writeFileSync(join(folder, 'cli.pem'), publicPem);
    const bad = await runBin([
      'verify',
      join(folder, 'cli-bad.json'),
      '--public-key',
      join(folder, 'cli.pem'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('SIGNATURE_INVALID');
    const expired = await runBin([
      'verify',
      join(folder, 'cli.json'),
      '--public-key',
      join(folder, 'cli.pem'),
      '--now',
      '1798761600000',
      '--json',
    ]);
    expect(expired.code).toBe(1);
    expect(JSON.parse(expired.stdout)).toMatchObject({ valid: false, code: 'EXPIRED' });
    // The same through npx, as an operator types it.
    const viaNpx = await runNpx([
      'license-console',
      'verify',
      join(folder, 'cli-bad.json'),
      '--public-key',
      join(folder, 'cli.pem'),
    ]);
    expect(viaNpx.code).toBe(1);
    expect(viaNpx.stdout).toContain('SIGNATURE_INVALID: The licence signature is invalid');
    const usage = await runBin(['verify', join(folder, 'cli.json')]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--public-key is required');
  });
});
