// Signed answers: a proof verifies only as it was signed, by a trusted key, with the nonce that was sent.
import { describe, expect, it } from 'vitest';
import { ANSWER_KEYS, encodeAnswer, parseAnswer, toBase64Url, verifyProof } from '../src/index';
import { answerOf, proofOf, signer } from './support';
import { sign } from 'node:crypto';

const key = signer();
const publicKeys = [key.publicKey];
const NONCE = 'n0nce-of-the-request_123';

describe('verifyProof', () => {
  const answer = answerOf({ nonce: NONCE, licenseIssuedAt: Date.UTC(2026, 5, 1) });
  const proof = proofOf(answer, key);

  it('gives the signed claims for a sound proof with the nonce sent', () => {
    expect(verifyProof(proof, { publicKeys, nonce: NONCE })).toEqual({ ok: true, claims: answer });
    expect(verifyProof(proof, { publicKeys })).toEqual({ ok: true, claims: answer });
  });

  it('refuses a proof with any payload byte changed', () => {
    const bytes = Buffer.from(proof.payload, 'base64url');
    const text = bytes.toString('utf8');
    for (const [from, to] of [
      ['"VALID"', '"VALIX"'],
      [NONCE, `${NONCE.slice(0, -1)}4`],
      ['"missing":[]', '"missing":[ ]'],
    ] as const) {
      const payload = toBase64Url(Buffer.from(text.replace(from, to), 'utf8'));
      expect(verifyProof({ ...proof, payload }, { publicKeys }).ok).toBe(false);
    }
    const changed = Buffer.from(bytes);
    changed[20] = changed[20]! ^ 0x01;
    expect(verifyProof({ ...proof, payload: toBase64Url(changed) }, { publicKeys }).ok).toBe(false);
  });

  it('refuses another nonce, an unknown key, or a proof of another key', () => {
    expect(verifyProof(proof, { publicKeys, nonce: 'another-nonce' })).toEqual({
      ok: false,
      reason: 'NONCE_MISMATCH',
    });
    expect(verifyProof(proofOf(answerOf(), key), { publicKeys, nonce: NONCE })).toEqual({
      ok: false,
      reason: 'NONCE_MISMATCH',
    });
    expect(verifyProof(proof, { publicKeys: [signer().publicKey] })).toEqual({
      ok: false,
      reason: 'UNKNOWN_KEY',
    });
    const other = signer();
    const forged = { ...proofOf(answer, other), kid: key.kid };
    expect(verifyProof(forged, { publicKeys })).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' });
  });

  it('refuses unknown or missing members in the proof and in its payload', () => {
    const signed = (claims: unknown) => {
      const bytes = Buffer.from(JSON.stringify(claims), 'utf8');
      return {
        ...proof,
        payload: toBase64Url(bytes),
        signature: toBase64Url(sign(null, bytes, key.privateKey)),
      };
    };
    const malformed: unknown[] = [
      { ...proof, extra: true },
      { payload: proof.payload, signature: proof.signature, kid: proof.kid },
      { ...proof, alg: 'RS256' },
      { ...proof, signature: `${proof.signature}=` },
      signed({ ...answer, extra: 1 }),
      signed({ ...answer, format: 'license-answer/v2' }),
      signed({ ...answer, code: 'ALL_GOOD' }),
      signed({ ...answer, answeredAt: '2026-06-15' }),
      signed({ ...answer, missing: [1] }),
      signed(Object.fromEntries(Object.entries(answer).filter(([k]) => k !== 'seatId'))),
      null,
      'proof',
    ];
    for (const candidate of malformed)
      expect(verifyProof(candidate, { publicKeys })).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(
      verifyProof(signed({ ...answer, code: 'SEAT_GRANTED', seatId: 's1', seatExpiresAt: 1 }), { publicKeys })
        .ok,
    ).toBe(true);
  });

  it('encodes the claims in the documented order', () => {
    expect(Object.keys(JSON.parse(encodeAnswer(answer).toString('utf8')) as object)).toEqual([
      ...ANSWER_KEYS,
    ]);
    expect(parseAnswer(encodeAnswer(answer))).toEqual(answer);
  });
});
