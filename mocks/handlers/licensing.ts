// The validate call and the public keys. The mock does not verify signatures: it reads the
// readable copies of a licence and gives the verdict the server would for those fixtures.
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_API_BASE,
  LICENSE_CHECK_TEXTS,
  LICENSE_SIGNATURE_ALG,
  isGoodVerdict,
  licenseFileSchema,
  validateLicenseRequestSchema,
  type Certificate,
  type ErrorBody,
  type LicenseCheckCodeName,
  type AnswerProof,
  type LicenseValidation,
  type publicKeysResponseSchema,
  type validateLicenseResponseSchema,
} from '../../src/contract';
import { FIXED_NOW } from '../fixtures';
import { MOCK_KEY_ID, mockCertificates } from '../fixtures/certificates';
import { graceUntilOf } from '../../src/contract/license-terms';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

/**
 * The signed answer every verdict carries. The console never verifies one, so the mock's is a fixed stand-in of the
 * right shape: the payload is base64url of the text "mock-answer", the signature is not one.
 */
export const MOCK_ANSWER_PROOF: AnswerProof = {
  payload: 'bW9jay1hbnN3ZXI',
  signature: 'mock-answer-signature',
  kid: MOCK_KEY_ID,
  alg: LICENSE_SIGNATURE_ALG,
};

/**
 * What the server would answer for a licence of these certificates: past the grace end expired, past the file's
 * own end FILE_EXPIRED, between the end and the grace end GRACE (still good, `isGoodVerdict`).
 */
export function verdictFor(
  license: Record<string, unknown>,
  serialNumber: string | undefined,
  certificates: Certificate[],
): LicenseValidation {
  const verdict = (code: LicenseCheckCodeName, certificate?: Certificate): LicenseValidation => ({
    valid: isGoodVerdict(code),
    code,
    message: LICENSE_CHECK_TEXTS[code],
    ...(certificate
      ? {
          certificate: {
            uuid: certificate.uuid,
            serialNumber: certificate.serialNumber,
            clientName: certificate.clientName,
            status: certificate.status,
            validFrom: certificate.validFrom,
            validTo: certificate.validTo,
          },
        }
      : {}),
  });
  const file = licenseFileSchema.safeParse(license);
  if (!file.success) return verdict('MALFORMED');
  if (file.data.kid !== MOCK_KEY_ID) return verdict('UNKNOWN_KEY');
  if (file.data.signature !== 'mock-signature') return verdict('SIGNATURE_INVALID');
  const certificate = certificates.find((c) => c.serialNumber === file.data.serialNumber);
  if (!certificate) return verdict('NOT_FOUND');
  if (certificate.status === 'revoked') return verdict('REVOKED', certificate);
  if (FIXED_NOW < certificate.validFrom) return verdict('NOT_YET_VALID', certificate);
  if (FIXED_NOW >= graceUntilOf(certificate.validTo, certificate.graceDays))
    return verdict('EXPIRED', certificate);
  if (file.data.format === 'license-certificate/v2' && FIXED_NOW >= file.data.expiresAt)
    return verdict('FILE_EXPIRED', certificate);
  if (serialNumber && serialNumber !== certificate.serialNumber)
    return verdict('SERIAL_MISMATCH', certificate);
  if (FIXED_NOW >= certificate.validTo) return verdict('GRACE', certificate);
  return verdict('VALID', certificate);
}

export function licensingHandlers(certificates: Certificate[] = mockCertificates) {
  return [
    http.get(api('/licensing/public-keys'), () =>
      HttpResponse.json({
        data: {
          keys: [
            {
              kid: MOCK_KEY_ID,
              alg: LICENSE_SIGNATURE_ALG,
              publicKeyPem:
                '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n',
              createdAt: FIXED_NOW - 365 * 86_400_000,
              current: true,
            },
          ],
        },
      } satisfies z.input<typeof publicKeysResponseSchema>),
    ),
    http.post(api('/certificates/validate'), async ({ request }) => {
      const body = validateLicenseRequestSchema.safeParse(await request.json().catch(() => undefined));
      if (!body.success) {
        const message = body.error.issues[0]?.message ?? 'Licence is required';
        return HttpResponse.json(
          { message, code: 'VALIDATION_FAILED', errors: { license: message } } satisfies ErrorBody,
          { status: 400 },
        );
      }
      return HttpResponse.json({
        data: {
          ...verdictFor(body.data.license, body.data.serialNumber, certificates),
          proof: MOCK_ANSWER_PROOF,
        },
      } satisfies z.input<typeof validateLicenseResponseSchema>);
    }),
  ];
}

/** The validate call fails without a message: 'Failed to validate certificate'. */
export const validateLicenseFails = () =>
  http.post(api('/certificates/validate'), () => new HttpResponse('Bad Gateway', { status: 502 }));
