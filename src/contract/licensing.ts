import { z } from 'zod';
import { dataOf, epochMsSchema, singleLineText } from './common';
import { certificateStatusSchema } from './certificates';

/** The `format` of a licence file of this version (docs/licence-file.md). */
export const LICENSE_FILE_FORMAT = 'license-certificate/v1';
/** The signature algorithm of licence files. */
export const LICENSE_SIGNATURE_ALG = 'Ed25519';

/** The licence file as the server hands it out; verifiers read claims only from the signed `payload`. */
export const licenseFileSchema = z.object({
  format: z.literal(LICENSE_FILE_FORMAT),
  serialNumber: z.string(),
  clientName: z.string(),
  studioCount: z.number().int(),
  userCount: z.number().int(),
  validFrom: epochMsSchema,
  validTo: epochMsSchema,
  payload: z.string(),
  signature: z.string(),
  kid: z.string(),
  alg: z.literal(LICENSE_SIGNATURE_ALG),
});
export type LicenseFileBody = z.infer<typeof licenseFileSchema>;

/** Verdicts of the validate call, in the order the checks run. */
export const LICENSE_CHECK_CODES = [
  'MALFORMED',
  'UNKNOWN_KEY',
  'SIGNATURE_INVALID',
  'NOT_FOUND',
  'REVOKED',
  'NOT_YET_VALID',
  'EXPIRED',
  'SERIAL_MISMATCH',
  'VALID',
] as const;
export type LicenseCheckCodeName = (typeof LICENSE_CHECK_CODES)[number];
export const licenseCheckCodeSchema = z.enum(LICENSE_CHECK_CODES);

/** What each verdict means (the offline verifier in src/server/licensing/verify-license.ts quotes the same texts). */
export const LICENSE_CHECK_TEXTS: Record<LicenseCheckCodeName, string> = {
  MALFORMED: 'The licence file is malformed.',
  UNKNOWN_KEY: 'The licence is signed with an unknown key.',
  SIGNATURE_INVALID: 'The licence signature is invalid: the file was altered or not issued by this server.',
  NOT_FOUND: 'No certificate matches this licence.',
  REVOKED: 'The certificate of this licence has been revoked.',
  NOT_YET_VALID: 'The licence is not valid yet.',
  EXPIRED: 'The licence has expired.',
  SERIAL_MISMATCH: 'The licence belongs to another machine: its serial number does not match.',
  VALID: 'The licence is valid.',
};

/** Field error texts of the validate call. */
export const LICENSE_MESSAGES = {
  licenseRequired: 'Licence is required',
  licenseNotObject: 'Licence must be a JSON object',
  serialNumberText: 'Serial number must be text',
  serialNumberTooLong: 'Serial number must be at most 128 characters',
} as const;

/** `POST /certificates/validate`: a licence file (any object: a bad one is a verdict, not a 400) and the machine's serial. */
export const validateLicenseRequestSchema = z.object(
  {
    license: z.record(z.string(), z.unknown(), {
      error: (issue) =>
        issue.input === undefined ? LICENSE_MESSAGES.licenseRequired : LICENSE_MESSAGES.licenseNotObject,
    }),
    serialNumber: singleLineText(
      z
        .string({ error: LICENSE_MESSAGES.serialNumberText })
        .trim()
        .max(128, { error: LICENSE_MESSAGES.serialNumberTooLong }),
      'Serial number',
    ).optional(),
  },
  // No body, or a body that is not an object, lacks the licence too.
  { error: LICENSE_MESSAGES.licenseRequired },
);
export type ValidateLicenseRequest = z.input<typeof validateLicenseRequestSchema>;

/** The 409 of `GET /certificates/{id}/license-check` for a certificate never signed (a pending one). */
export const NO_LICENSE_YET_MESSAGE =
  'This certificate has no licence yet: it is signed when it is activated';

/** The certificate a licence belongs to, once its signature has verified. */
export const validatedCertificateSchema = z.object({
  uuid: z.uuid(),
  serialNumber: z.string(),
  clientName: z.string(),
  status: certificateStatusSchema,
  validFrom: epochMsSchema,
  validTo: epochMsSchema,
});
export type ValidatedCertificate = z.infer<typeof validatedCertificateSchema>;

export const licenseValidationSchema = z.object({
  valid: z.boolean(),
  code: licenseCheckCodeSchema,
  message: z.string(),
  certificate: validatedCertificateSchema.optional(),
});
export type LicenseValidation = z.infer<typeof licenseValidationSchema>;
export const validateLicenseResponseSchema = dataOf(licenseValidationSchema);

/** One licence signing public key (`GET /licensing/public-keys`, no authentication). */
export const signingPublicKeySchema = z.object({
  kid: z.string(),
  alg: z.literal(LICENSE_SIGNATURE_ALG),
  publicKeyPem: z.string(),
  createdAt: epochMsSchema,
  current: z.boolean(),
});
export type SigningPublicKey = z.infer<typeof signingPublicKeySchema>;
export const publicKeysResponseSchema = dataOf(z.object({ keys: z.array(signingPublicKeySchema) }));

/** Anonymous validate calls one client address may make per minute (per server process). */
export const VALIDATE_RATE_LIMIT_PER_MINUTE = 60;
