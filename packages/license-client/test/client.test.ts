// The network client against a real local HTTP server: what it sends, and which answers it trusts.
import { afterEach, describe, expect, it } from 'vitest';
import {
  LicenseClientError,
  LicenseServerError,
  NetworkError,
  ProofError,
  createLicenseClient,
  parseLicenseFile,
  type AnswerClaims,
  type LicenseFile,
} from '../src/index';
import {
  answerOf,
  claimsV2,
  closedAddress,
  keyEntry,
  licenseOf,
  proofOf,
  signer,
  standInServer,
  type Received,
  type Signer,
} from './support';

const key = signer();
const stranger = signer();
const NOW = Date.UTC(2026, 5, 20);
const presented = licenseOf(claimsV2(key), key.privateKey);
const fresh = licenseOf(claimsV2(key, {}, Date.UTC(2026, 5, 19)), key.privateKey);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

interface Answer {
  code?: AnswerClaims['code'];
  license?: LicenseFile;
  by?: Signer;
  /** Changes to the signed claims (the nonce echoed unless changed). */
  claims?: Partial<AnswerClaims>;
  /** Changes to the answer's data beside the proof. */
  data?: Record<string, unknown>;
}

/** A stand-in License Console answering each call as `answer` says, signing its proof with `by` (the trusted key). */
async function server(answer: Answer | ((request: Received) => Answer) = {}) {
  const stand = await standInServer((request) => {
    const a = typeof answer === 'function' ? answer(request) : answer;
    const code = a.code ?? 'VALID';
    const licenseIssuedAt = (a.license && parseLicenseFile(a.license)?.claims.issuedAt) ?? null;
    const signed = answerOf({
      code,
      nonce: (request.body.nonce as string | undefined) ?? null,
      licenseIssuedAt,
      ...a.claims,
    });
    return {
      body: {
        data: {
          valid: code === 'VALID' || code === 'GRACE',
          code,
          message: 'as the server says',
          ...(a.license ? { license: a.license } : {}),
          proof: proofOf(signed, a.by ?? key),
          keys: [keyEntry(key), keyEntry(stranger)],
          ...a.data,
        },
      },
    };
  });
  close = stand.close;
  return stand;
}

const clientOf = (baseUrl: string) =>
  createLicenseClient({ baseUrl: `${baseUrl}/`, publicKeys: [keyEntry(key)], now: () => NOW });

describe('checkIn', () => {
  it('posts the licence, serial number, a fresh nonce and what it was given, and verifies the answer', async () => {
    const stand = await server({ license: fresh });
    const client = clientOf(stand.baseUrl);
    const request = {
      license: presented,
      serialNumber: 'SN-1',
      machine: { hostname: 'render-01', softwareVersion: '4.2.0' },
      requiredEntitlements: ['PLUGINS'],
    };
    const result = await client.checkIn(request);
    await client.checkIn(request);
    const [first, second] = stand.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/api/v1/licensing/check-in' });
    expect(Object.keys(first!.body)).toEqual([
      'license',
      'serialNumber',
      'nonce',
      'requiredEntitlements',
      'machine',
    ]);
    expect(first!.body).toMatchObject({ ...request });
    expect(first!.body.nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second!.body.nonce).not.toBe(first!.body.nonce);
    expect(result).toMatchObject({
      valid: true,
      code: 'VALID',
      license: fresh,
      licenseVerdict: { code: 'VALID' },
    });
    expect(result.answer).toMatchObject({ nonce: first!.body.nonce, licenseIssuedAt: Date.UTC(2026, 5, 19) });
    expect(result.keys).toHaveLength(2);
  });

  it('accepts a REVOKED answer without a licence', async () => {
    const stand = await server({ code: 'REVOKED' });
    const result = await clientOf(stand.baseUrl).checkIn({ license: presented, serialNumber: 'SN-1' });
    expect(result).toMatchObject({ valid: false, code: 'REVOKED', answer: { code: 'REVOKED' } });
    expect(result).not.toHaveProperty('license');
  });

  it('rejects with a ProofError an answer whose proof does not hold', async () => {
    const cases: [Answer, string][] = [
      [{ claims: { nonce: 'an-old-nonce-replayed' } }, 'NONCE_MISMATCH'],
      [{ claims: { nonce: null } }, 'NONCE_MISMATCH'],
      [{ by: stranger }, 'UNKNOWN_KEY'],
      [{ claims: { code: 'REVOKED' } }, 'CODE_MISMATCH'],
      [{ data: { proof: undefined } }, 'MALFORMED'],
      [{ data: { proof: { ...proofOf(answerOf(), key), extra: 1 } } }, 'MALFORMED'],
    ];
    for (const [answer, reason] of cases) {
      const stand = await server(answer);
      const failure = clientOf(stand.baseUrl).checkIn({ license: presented, serialNumber: 'SN-1' });
      await expect(failure).rejects.toBeInstanceOf(ProofError);
      await expect(failure).rejects.toMatchObject({ reason });
      await close!();
      close = undefined;
    }
  });

  it('refuses a returned licence that does not verify with the trusted keys, whatever keys the answer lists', async () => {
    const signedByStranger = licenseOf(claimsV2(stranger), stranger.privateKey);
    const tampered = { ...fresh, payload: presented.payload };
    const otherMachine = licenseOf(claimsV2(key, { serialNumber: 'SN-2' }), key.privateKey);
    for (const license of [signedByStranger, tampered, otherMachine]) {
      const stand = await server({ license, claims: { licenseIssuedAt: Date.UTC(2026, 5, 19) } });
      await expect(
        clientOf(stand.baseUrl).checkIn({ license: presented, serialNumber: 'SN-1' }),
      ).rejects.toMatchObject({
        name: 'ProofError',
        reason: 'LICENSE_INVALID',
      });
      await close!();
      close = undefined;
    }
    // A sound file that is not the one the proof names.
    const stand = await server({ license: fresh, claims: { licenseIssuedAt: Date.UTC(2026, 5, 1) } });
    await expect(
      clientOf(stand.baseUrl).checkIn({ license: presented, serialNumber: 'SN-1' }),
    ).rejects.toMatchObject({
      reason: 'LICENSE_INVALID',
    });
  });
});

describe('validate', () => {
  it('posts the licence with a nonce and answers the verified verdict, with what is missing', async () => {
    const stand = await server({ code: 'ENTITLEMENTS_MISSING', claims: { missing: ['CLOUD_SYNC'] } });
    const result = await clientOf(stand.baseUrl).validate({
      license: presented,
      requiredEntitlements: ['CLOUD_SYNC'],
    });
    expect(stand.requests[0]).toMatchObject({ path: '/api/v1/certificates/validate' });
    expect(Object.keys(stand.requests[0]!.body)).toEqual(['license', 'nonce', 'requiredEntitlements']);
    expect(result).toMatchObject({ valid: false, code: 'ENTITLEMENTS_MISSING', missing: ['CLOUD_SYNC'] });
  });
});

describe('failures', () => {
  it('rejects with a LicenseServerError carrying the error body for a non-2xx answer', async () => {
    const stand = await standInServer(() => ({
      status: 429,
      headers: { 'retry-after': '17' },
      body: { message: 'Too many licence checks', code: 'RATE_LIMITED' },
    }));
    close = stand.close;
    const failure = clientOf(stand.baseUrl).validate({ license: presented });
    await expect(failure).rejects.toBeInstanceOf(LicenseServerError);
    await expect(failure).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many licence checks',
      retryAfterSeconds: 17,
    });
  });

  it('rejects with a NetworkError when nothing answers', async () => {
    const failure = clientOf(await closedAddress()).checkIn({ license: presented, serialNumber: 'SN-1' });
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toBeInstanceOf(LicenseClientError);
  });
});
