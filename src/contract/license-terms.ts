// The licence terms beyond the specification's dates and seats (docs/licence-file.md "v2"): a grace period after
// `validTo` while the machines keep working, a lifetime after which a licence file must be refreshed by a check-in,
// the owners' defaults for new certificates, and which file format the server signs. The server, the console and
// the msw handlers read these rules from here.
import { z } from 'zod';
import { DAY_MS } from './constants';
import { dataOf, epochMsSchema } from './common';

export const MAX_GRACE_DAYS = 365;
export const MIN_FILE_LIFETIME_DAYS = 1;
export const MAX_FILE_LIFETIME_DAYS = 3650;

/** The licence file formats the server signs; v1 is kept for verifiers built before v2 existed. */
export const LICENSE_FORMATS = ['v1', 'v2'] as const;
export type LicenseFormatName = (typeof LICENSE_FORMATS)[number];

export const LICENSE_TERMS_MESSAGES = {
  graceDays: `Grace period must be a whole number of days from 0 to ${MAX_GRACE_DAYS}`,
  fileLifetimeDays: `Licence file lifetime must be a whole number of days from ${MIN_FILE_LIFETIME_DAYS} to ${MAX_FILE_LIFETIME_DAYS}, or empty for none`,
  licenseFormat: 'Licence file format must be v1 or v2',
  termsRequired: 'Send graceDays or fileLifetimeDays',
} as const;

export const graceDaysSchema = z
  .number({ error: LICENSE_TERMS_MESSAGES.graceDays })
  .int({ error: LICENSE_TERMS_MESSAGES.graceDays })
  .min(0, { error: LICENSE_TERMS_MESSAGES.graceDays })
  .max(MAX_GRACE_DAYS, { error: LICENSE_TERMS_MESSAGES.graceDays });

/** Days a licence file is good for after it was signed, or null: the file lasts as long as the licence. */
export const fileLifetimeDaysSchema = z
  .number({ error: LICENSE_TERMS_MESSAGES.fileLifetimeDays })
  .int({ error: LICENSE_TERMS_MESSAGES.fileLifetimeDays })
  .min(MIN_FILE_LIFETIME_DAYS, { error: LICENSE_TERMS_MESSAGES.fileLifetimeDays })
  .max(MAX_FILE_LIFETIME_DAYS, { error: LICENSE_TERMS_MESSAGES.fileLifetimeDays })
  .nullable();

export const licenseFormatSchema = z.enum(LICENSE_FORMATS, { error: LICENSE_TERMS_MESSAGES.licenseFormat });

/**
 * A certificate's signed licence as its answers show it: the signing key's id, the file format, when it was signed
 * and the file's own end (`expiresAt`: `validTo` for a v1 file).
 */
export const licenseSummarySchema = z.object({
  kid: z.string(),
  format: licenseFormatSchema,
  issuedAt: epochMsSchema,
  expiresAt: epochMsSchema,
});

/** The terms of a certificate's licence that a create, a pending edit, a renewal and an amendment may set. */
export interface LicenseTerms {
  graceDays: number;
  fileLifetimeDays: number | null;
}

/** `GET`/`PUT /settings/certificate-defaults`: what a create applies when it omits the terms, and the file format. */
export const certificateDefaultsSchema = z
  .object({
    graceDays: graceDaysSchema,
    fileLifetimeDays: fileLifetimeDaysSchema,
    licenseFormat: licenseFormatSchema,
  })
  .strict();
export type CertificateDefaults = z.infer<typeof certificateDefaultsSchema>;
export const certificateDefaultsResponseSchema = dataOf(certificateDefaultsSchema);

/**
 * The defaults of a database without a stored choice: nothing changes for a vendor who does not opt in (no grace,
 * no lifetime). A new database signs v2; the migration that brought v2 stored `v1` on every database that existed.
 */
export const INITIAL_CERTIFICATE_DEFAULTS: CertificateDefaults = {
  graceDays: 0,
  fileLifetimeDays: null,
  licenseFormat: 'v2',
};

/** `PUT /certificates/{id}/terms` (the `amend` action): new terms for a signed licence, which is signed again. */
export const amendCertificateRequestSchema = z
  .object({ graceDays: graceDaysSchema.optional(), fileLifetimeDays: fileLifetimeDaysSchema.optional() })
  .strict()
  .refine((body) => body.graceDays !== undefined || body.fileLifetimeDays !== undefined, {
    error: LICENSE_TERMS_MESSAGES.termsRequired,
    path: ['graceDays'],
  });
export type AmendCertificateRequest = z.input<typeof amendCertificateRequestSchema>;

/** The end of the grace period: `validTo` plus the grace days (equal to `validTo` without grace). */
export const graceUntilOf = (validTo: number, graceDays: number): number => validTo + graceDays * DAY_MS;

/**
 * The own end of a file signed at `issuedAt`: its lifetime from when the licence starts counting (the later of the
 * signing and `validFrom`), never past the grace end; without a lifetime, the grace end.
 */
export function fileExpiresAt(
  terms: LicenseTerms,
  period: { validFrom: number; validTo: number },
  issuedAt: number,
): number {
  const graceUntil = graceUntilOf(period.validTo, terms.graceDays);
  if (terms.fileLifetimeDays === null) return graceUntil;
  return Math.min(Math.max(issuedAt, period.validFrom) + terms.fileLifetimeDays * DAY_MS, graceUntil);
}

/**
 * Whether a licence of these terms can only be carried by a v2 file: a v1 file has no grace period and no lifetime
 * (later terms, entitlements and machine keys, join this test).
 */
export const needsV2 = (terms: LicenseTerms): boolean =>
  terms.graceDays > 0 || terms.fileLifetimeDays !== null;

/**
 * Whether a certificate's machines are overdue for a check-in: an active or distributed certificate with a lifetime
 * whose last check-in (or, before the first, its last signing) is older than the lifetime.
 */
export function isCheckInOverdue(
  certificate: {
    status: string;
    fileLifetimeDays: number | null;
    lastCheckInAt: number | null;
    licenseIssuedAt: number | null;
  },
  now: number,
): boolean {
  if (certificate.fileLifetimeDays === null) return false;
  if (certificate.status !== 'active' && certificate.status !== 'distributed') return false;
  const since = certificate.lastCheckInAt ?? certificate.licenseIssuedAt;
  return since !== null && now - since > certificate.fileLifetimeDays * DAY_MS;
}
