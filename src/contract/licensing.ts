import { z } from 'zod';
import { dataOf, epochMsSchema, singleLineText } from './common';
import { certificateStatusSchema } from './certificates';

/** The `format` of a licence file of each version (docs/licence-file.md). */
export const LICENSE_FILE_FORMAT = 'license-certificate/v1';
export const LICENSE_FILE_FORMAT_V2 = 'license-certificate/v2';
/** The signature algorithm of licence files. */
export const LICENSE_SIGNATURE_ALG = 'Ed25519';

// The readable copies of the claims, then the signed part: both versions in the same order, v2 adding `expiresAt`
// (the file's own end) after `validTo`.
const readableCopies = {
  serialNumber: z.string(),
  clientName: z.string(),
  studioCount: z.number().int(),
  userCount: z.number().int(),
  validFrom: epochMsSchema,
  validTo: epochMsSchema,
};
const signedPart = {
  payload: z.string(),
  signature: z.string(),
  kid: z.string(),
  alg: z.literal(LICENSE_SIGNATURE_ALG),
};
const licenseFileV1Schema = z.object({
  format: z.literal(LICENSE_FILE_FORMAT),
  ...readableCopies,
  ...signedPart,
});
const licenseFileV2Schema = z.object({
  format: z.literal(LICENSE_FILE_FORMAT_V2),
  ...readableCopies,
  expiresAt: epochMsSchema,
  ...signedPart,
});
/** The licence file as the server hands it out; verifiers read claims only from the signed `payload`. */
export const licenseFileSchema = z.discriminatedUnion('format', [licenseFileV1Schema, licenseFileV2Schema]);
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
  'FILE_EXPIRED',
  'SERIAL_MISMATCH',
  'ENTITLEMENTS_MISSING',
  'GRACE',
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
  FILE_EXPIRED: 'This licence file has expired: check in for a fresh one.',
  SERIAL_MISMATCH: 'The licence belongs to another machine: its serial number does not match.',
  ENTITLEMENTS_MISSING: 'The licence lacks a required entitlement.',
  GRACE: 'The licence has ended and is in its grace period.',
  VALID: 'The licence is valid.',
};

/** The verdicts the licensed software may keep working on. */
export const isGoodVerdict = (code: LicenseCheckCodeName): boolean => code === 'VALID' || code === 'GRACE';

/** The most entitlements one call may require. */
export const MAX_REQUIRED_ENTITLEMENTS = 50;

/** Field error texts of the validate call. */
export const LICENSE_MESSAGES = {
  licenseRequired: 'Licence is required',
  licenseNotObject: 'Licence must be a JSON object',
  serialNumberText: 'Serial number must be text',
  serialNumberTooLong: 'Serial number must be at most 128 characters',
  serialNumberRequired: 'Serial number is required',
  nonce: 'Nonce must be 8 to 64 characters of A-Z, a-z, 0-9, - and _',
  requiredEntitlements: `Required entitlements must be a list of at most ${MAX_REQUIRED_ENTITLEMENTS} entitlement codes`,
  hostname: 'Hostname must be at most 255 printable characters',
  softwareVersion: 'Software version must be at most 64 printable characters',
} as const;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A caller's nonce, echoed in the signed answer so that an old answer cannot be replayed to it. */
const nonceSchema = z
  .string({ error: LICENSE_MESSAGES.nonce })
  .regex(NONCE_PATTERN, { error: LICENSE_MESSAGES.nonce });
const requiredEntitlementsSchema = z
  .array(z.string({ error: LICENSE_MESSAGES.requiredEntitlements }).min(1).max(64), {
    error: LICENSE_MESSAGES.requiredEntitlements,
  })
  .max(MAX_REQUIRED_ENTITLEMENTS, { error: LICENSE_MESSAGES.requiredEntitlements });
const serialNumberField = singleLineText(
  z
    .string({ error: LICENSE_MESSAGES.serialNumberText })
    .trim()
    .max(128, { error: LICENSE_MESSAGES.serialNumberTooLong }),
  'Serial number',
);
const licenseField = z.record(z.string(), z.unknown(), {
  error: (issue) =>
    issue.input === undefined ? LICENSE_MESSAGES.licenseRequired : LICENSE_MESSAGES.licenseNotObject,
});

/** `POST /certificates/validate`: a licence file (any object: a bad one is a verdict, not a 400) and the machine's serial. */
export const validateLicenseRequestSchema = z.object(
  {
    license: licenseField,
    serialNumber: serialNumberField.optional(),
    nonce: nonceSchema.optional(),
    requiredEntitlements: requiredEntitlementsSchema.optional(),
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

/**
 * A signed answer (docs/licence-file.md "Signed answers"): the payload, unpadded base64url of the UTF-8 JSON of
 * `license-answer/v1`, signed as a licence file is.
 */
export const answerProofSchema = z.object({
  payload: z.string(),
  signature: z.string(),
  kid: z.string(),
  alg: z.literal(LICENSE_SIGNATURE_ALG),
});
export type AnswerProof = z.infer<typeof answerProofSchema>;

export const licenseValidationSchema = z.object({
  valid: z.boolean(),
  code: licenseCheckCodeSchema,
  message: z.string(),
  certificate: validatedCertificateSchema.optional(),
  /** The required entitlements the licence lacks, with ENTITLEMENTS_MISSING. */
  missing: z.array(z.string()).optional(),
});
export type LicenseValidation = z.infer<typeof licenseValidationSchema>;
/** The validate call's answer: the verdict and its proof. */
export const validateAnswerSchema = licenseValidationSchema.extend({ proof: answerProofSchema });
export type ValidateAnswer = z.infer<typeof validateAnswerSchema>;
export const validateLicenseResponseSchema = dataOf(validateAnswerSchema);

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

const printableUpTo = (max: number, message: string) =>
  singleLineText(z.string({ error: message }).trim().max(max, { error: message }), message);

/** `POST /licensing/check-in`: the licensed software's file, its serial number and what it says of itself. */
export const checkInRequestSchema = z.object(
  {
    license: licenseField,
    serialNumber: singleLineText(
      z
        .string({ error: LICENSE_MESSAGES.serialNumberRequired })
        .trim()
        .min(1, { error: LICENSE_MESSAGES.serialNumberRequired })
        .max(128, { error: LICENSE_MESSAGES.serialNumberTooLong }),
      'Serial number',
    ),
    nonce: nonceSchema.optional(),
    requiredEntitlements: requiredEntitlementsSchema.optional(),
    machine: z
      .object({
        hostname: printableUpTo(255, LICENSE_MESSAGES.hostname).optional(),
        softwareVersion: printableUpTo(64, LICENSE_MESSAGES.softwareVersion).optional(),
      })
      .optional(),
  },
  { error: LICENSE_MESSAGES.licenseRequired },
);
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

/** The check-in's answer: validate's, the certificate's current licence when it is good, and the keys. */
export const checkInAnswerSchema = validateAnswerSchema.extend({
  license: licenseFileSchema.optional(),
  keys: z.array(signingPublicKeySchema),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;
export const checkInResponseSchema = dataOf(checkInAnswerSchema);

/** Anonymous validate calls one client address may make per minute (per server process). */
export const VALIDATE_RATE_LIMIT_PER_MINUTE = 60;
