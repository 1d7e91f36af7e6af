import { z } from 'zod';
import {
  dataOf,
  describeDay,
  epochMsSchema,
  ignoredQueryParameter,
  listQuerySchema,
  sortQueryFields,
  MAX_EPOCH_MS,
  MIN_EPOCH_MS,
  multiLineText,
} from './common';
import {
  bulkActionSchema,
  bulkIdsSchema,
  bulkResponseSchema,
  selectionIgnoredParameters,
  type SelectionIgnoredParameter,
} from './bulk';
import { MAX_SEAT_COUNT } from './constants';
import { fileLifetimeDaysSchema, graceDaysSchema, licenseSummarySchema } from './license-terms';
import { formatCount } from './format';

/** Certificate lifecycle statuses (docs/requirements.md#entities). */
export const CERTIFICATE_STATUSES = ['pending', 'active', 'distributed', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const certificateStatusSchema = z.enum(CERTIFICATE_STATUSES);

/** History actions (docs/requirements.md#certificate-lifecycle plus `updated`). */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'activated',
  'renewed',
  'downloaded',
  'revoked',
  'expired',
  'used',
  'checked-in',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const certificateSchema = z.object({
  uuid: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  serialNumber: z.string(),
  studioCount: z.number().int(),
  userCount: z.number().int(),
  validFrom: epochMsSchema,
  validTo: epochMsSchema,
  status: certificateStatusSchema,
  notes: z.string(),
  lastUsedAt: epochMsSchema.nullable(),
  /** The certificate this one was transferred from (its predecessor on the old machine), or null. */
  transferredFrom: z.uuid().nullable(),
  /** The certificate this one was transferred to (it is revoked), or null. */
  transferredTo: z.uuid().nullable(),
  /** The signed licence it carries (license-terms.ts); null before activation. */
  license: licenseSummarySchema.nullable(),
  /** Days after `validTo` the machines keep working (the licence answers GRACE), and when that ends. */
  graceDays: z.number().int(),
  graceUntil: epochMsSchema,
  /** Days a licence file is good for after it was signed before a check-in must refresh it, or null: no lifetime. */
  fileLifetimeDays: z.number().int().nullable(),
  /** The last good check-in of the licensed software: when, from which host, with which version. */
  lastCheckInAt: epochMsSchema.nullable(),
  lastCheckInHostname: z.string().nullable(),
  lastCheckInSoftwareVersion: z.string().nullable(),
  /** Active or distributed, with a lifetime, and no check-in (or signing) within it. */
  checkInOverdue: z.boolean(),
});
export type Certificate = z.infer<typeof certificateSchema>;

const SERIAL_PATTERN = /^[A-Za-z0-9\-_.:/]+$/;

/** 400 texts of a validity date outside 1970-01-01 to 9999-12-31 (UTC). */
export const CERTIFICATE_DATE_RANGE_MESSAGES = {
  validFrom: 'Valid from date must be between 1970-01-01 and 9999-12-31',
  validTo: 'Valid to date must be between 1970-01-01 and 9999-12-31',
} as const;

const serialNumberSchema = z
  .string({ error: 'Serial number is required' })
  .trim()
  .min(1, { error: 'Serial number is required' })
  .max(128, { error: 'Serial number must be at most 128 characters' })
  .regex(SERIAL_PATTERN, { error: 'Serial number may contain only letters, digits and - _ . : /' });
const countSchema = (label: string) =>
  z
    .number({ error: `${label} must be at least 1` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be at least 1` })
    .max(MAX_SEAT_COUNT, { error: `${label} must be at most ${formatCount(MAX_SEAT_COUNT)}` });
/** A validity date in the range the server stores and prints (see `MIN_EPOCH_MS`, `MAX_EPOCH_MS`). */
const dateSchema = (required: string, outOfRange: string) =>
  z
    .number({ error: required })
    .int({ error: required })
    .min(MIN_EPOCH_MS, { error: outOfRange })
    .max(MAX_EPOCH_MS, { error: outOfRange });
const validFromSchema = dateSchema('Valid from date is required', CERTIFICATE_DATE_RANGE_MESSAGES.validFrom);
const validToSchema = dateSchema('Valid to date is required', CERTIFICATE_DATE_RANGE_MESSAGES.validTo);
const notesSchema = multiLineText(
  z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(2000, { error: 'Notes must be at most 2000 characters' }),
  'Notes',
);

const validRange = (v: { validFrom?: number; validTo?: number }) =>
  v.validFrom === undefined || v.validTo === undefined || v.validTo > v.validFrom;
const RANGE_ERROR = { error: 'Valid to date must be after valid from date', path: ['validTo'] };
/** 400 text on `validTo` of a period that ends before it starts (the request's own check, and an edit's result). */
export const VALID_RANGE_MESSAGE = RANGE_ERROR.error;

export const createCertificateRequestSchema = z
  .object({
    clientId: z.uuid({ error: 'Client is required' }),
    serialNumber: serialNumberSchema,
    studioCount: countSchema('Studio count'),
    userCount: countSchema('User count'),
    validFrom: validFromSchema,
    validTo: validToSchema,
    notes: notesSchema.default(''),
    /** Omitted: the owners' defaults (`GET /settings/certificate-defaults`). */
    graceDays: graceDaysSchema.optional(),
    fileLifetimeDays: fileLifetimeDaysSchema.optional(),
  })
  .refine(validRange, RANGE_ERROR);
export type CreateCertificateRequest = z.input<typeof createCertificateRequestSchema>;

/** Edit of a pending certificate: no clientId; `status`, when sent, must equal the current one. */
export const updateCertificateRequestSchema = z
  .object({
    serialNumber: serialNumberSchema,
    studioCount: countSchema('Studio count'),
    userCount: countSchema('User count'),
    validFrom: validFromSchema,
    validTo: validToSchema,
    notes: notesSchema,
    status: certificateStatusSchema,
    graceDays: graceDaysSchema,
    fileLifetimeDays: fileLifetimeDaysSchema,
  })
  .partial()
  .strict()
  .refine(validRange, RANGE_ERROR);
export type UpdateCertificateRequest = z.input<typeof updateCertificateRequestSchema>;

/** What the certificates list sorts by; `status` sorts in lifecycle order (CERTIFICATE_STATUSES). */
export const CERTIFICATE_SORT_KEYS = [
  'serialNumber',
  'clientName',
  'validFrom',
  'validTo',
  'status',
  'lastUsedAt',
  'createdAt',
] as const;
export type CertificateSortKey = (typeof CERTIFICATE_SORT_KEYS)[number];

/** `checkIn=overdue`: only certificates whose machines are overdue for a check-in (license-terms.ts). */
export const CHECK_IN_FILTERS = ['overdue'] as const;

export const certificatesQuerySchema = listQuerySchema.extend({
  status: certificateStatusSchema.optional(),
  checkIn: z.enum(CHECK_IN_FILTERS, { error: 'checkIn must be overdue' }).optional(),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
  ...sortQueryFields(CERTIFICATE_SORT_KEYS),
});
export type CertificatesQuery = z.infer<typeof certificatesQuerySchema>;
/** `GET /certificates/export`: the list's filters without paging (`page`/`limit` are accepted and ignored). */
export const certificatesExportQuerySchema = certificatesQuerySchema
  .omit({ page: true, limit: true })
  .extend({
    page: ignoredQueryParameter('the export has every matching row'),
    limit: ignoredQueryParameter('the export has every matching row'),
  });
export type CertificatesExportQuery = Omit<z.infer<typeof certificatesExportQuerySchema>, 'page' | 'limit'>;
/** `GET /certificates/ids` ("select all N matching"): the list's filters; paging and sort ignored. */
export const certificatesSelectionQuerySchema = certificatesQuerySchema
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend(selectionIgnoredParameters);
export type CertificatesSelectionQuery = Omit<
  z.infer<typeof certificatesSelectionQuerySchema>,
  SelectionIgnoredParameter
>;

/**
 * How many certificates the list's search and client filter match in each status (as readers see it), whatever the
 * status filter: the certificates screen's counters, Total being their sum.
 */
export const certificateCountsSchema = z.object({
  pending: z.number().int(),
  active: z.number().int(),
  distributed: z.number().int(),
  expired: z.number().int(),
  revoked: z.number().int(),
});
export type CertificateCounts = z.infer<typeof certificateCountsSchema>;

export const certificatesListResponseSchema = dataOf(
  z.object({
    certificates: z.array(certificateSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    counts: certificateCountsSchema,
  }),
);
export type CertificatesList = z.infer<typeof certificatesListResponseSchema>['data'];
export const certificateResponseSchema = dataOf(certificateSchema);

export const revokeCertificateRequestSchema = z.object({
  // A textarea (docs/requirements.md#certificates-screen "Revoke modal"): line breaks allowed.
  reason: multiLineText(
    z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(1000, { error: 'Reason must be at most 1000 characters' }),
    'Reason',
  ).optional(),
});

/** A history record (docs/requirements.md#entities). */
export const certificateRecordSchema = z.object({
  uuid: z.uuid(),
  action: z.enum(HISTORY_ACTIONS),
  description: z.string(),
  createdAt: epochMsSchema,
  performBy: z.object({ name: z.string() }).nullable(),
});
export type CertificateRecord = z.infer<typeof certificateRecordSchema>;
export const certificateRecordsResponseSchema = dataOf(z.array(certificateRecordSchema));

/** Texts of the certificates API's refusals (the console shows the server's message). */
export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  clientNotFound: 'Client not found',
  clientInactive: 'Client is not active',
  validFromInvalid: 'Valid from date is invalid',
  validToInvalid: 'Valid to date is invalid',
  validityEnded: 'Cannot activate a certificate whose valid to date has passed; edit its dates first',
} as const;

/** 409 text when a live certificate of the same serial number overlaps the requested validity. */
export const serialOverlapMessage = (
  serialNumber: string,
  status: string,
  validFrom: number,
  validTo: number,
) =>
  `Serial number ${serialNumber} already has a ${status} certificate valid from ${describeDay(validFrom)} to ${describeDay(validTo)}; validity periods of one serial number must not overlap`;

/** `POST /certificates/bulk` actions: each runs the single call's rules on every id. */
export const CERTIFICATE_BULK_ACTIONS = ['activate', 'renew', 'revoke', 'delete'] as const;
export type CertificateBulkAction = (typeof CERTIFICATE_BULK_ACTIONS)[number];

/** How far a bulk renewal may move each end date in one call, in calendar months. */
export const MAX_RENEWAL_MONTHS = 120;
/** 400 texts of a bulk renewal's end (exactly one of `validTo`, `extendBy`, and only for `renew`). */
export const BULK_RENEW_MESSAGES = {
  endRequired: 'Renew needs either validTo or extendBy',
  bothEnds: 'Send either validTo or extendBy, not both',
  onlyForRenew: 'Only the renew action takes validTo or extendBy',
  months: `extendBy.months must be a whole number from 1 to ${MAX_RENEWAL_MONTHS}`,
} as const;

/**
 * `validTo` moved on by `months` calendar months in UTC, the day clamped to the month's last (Jan 31 + 1 month is
 * Feb 28 or 29): a bulk renewal's `extendBy`, and the console's "+1 month" and "+1 year".
 */
export function extendValidTo(validTo: number, months: number): number {
  const at = new Date(validTo);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at.getTime();
}

const monthsSchema = z
  .number({ error: BULK_RENEW_MESSAGES.months })
  .int({ error: BULK_RENEW_MESSAGES.months })
  .min(1, { error: BULK_RENEW_MESSAGES.months })
  .max(MAX_RENEWAL_MONTHS, { error: BULK_RENEW_MESSAGES.months });

export const certificatesBulkRequestSchema = z
  .object({
    action: bulkActionSchema(CERTIFICATE_BULK_ACTIONS),
    ids: bulkIdsSchema,
    /** The revocation reason, for `revoke`. */
    reason: revokeCertificateRequestSchema.shape.reason,
    /** For `renew`: every certificate's new end (the single renewal's rules apply to each). */
    validTo: validToSchema.optional(),
    /** For `renew`: each certificate's own end moved on by this many calendar months (UTC). */
    extendBy: z.object({ months: monthsSchema }, { error: BULK_RENEW_MESSAGES.months }).strict().optional(),
  })
  .superRefine((body, context) => {
    const given = (['validTo', 'extendBy'] as const).filter((field) => body[field] !== undefined);
    if (body.action !== 'renew') {
      for (const field of given)
        context.addIssue({ code: 'custom', path: [field], message: BULK_RENEW_MESSAGES.onlyForRenew });
    } else if (given.length === 0) {
      context.addIssue({ code: 'custom', path: ['validTo'], message: BULK_RENEW_MESSAGES.endRequired });
    } else if (given.length === 2) {
      context.addIssue({ code: 'custom', path: ['extendBy'], message: BULK_RENEW_MESSAGES.bothEnds });
    }
  });
export type CertificatesBulkRequest = z.input<typeof certificatesBulkRequestSchema>;
export const certificatesBulkResponseSchema = bulkResponseSchema(certificateStatusSchema);
export type CertificatesBulkOutcome = z.infer<typeof certificatesBulkResponseSchema>['data'];

/**
 * `POST /certificates/download`: one zip of `license-{serialNumber}.json` for every active or distributed certificate
 * among `ids`, each marked distributed as a single download is; the others are left out.
 */
export const certificatesDownloadRequestSchema = z.object({ ids: bulkIdsSchema });
export const BULK_DOWNLOAD_MESSAGES = {
  nothingToDownload:
    'None of the selected certificates is active or distributed, so there is no licence to download',
} as const;

/**
 * `POST /certificates/{id}/renew`: the same certificate gets a new `validTo` (not earlier than its
 * current one; equal only when a count changes) and, optionally, new seat counts and notes, and its licence is
 * signed again with them.
 */
export const renewCertificateRequestSchema = z
  .object({
    validTo: validToSchema,
    studioCount: countSchema('Studio count').optional(),
    userCount: countSchema('User count').optional(),
    notes: notesSchema.optional(),
    graceDays: graceDaysSchema.optional(),
    fileLifetimeDays: fileLifetimeDaysSchema.optional(),
  })
  .strict();
export type RenewCertificateRequest = z.input<typeof renewCertificateRequestSchema>;

/**
 * `POST /certificates/{id}/transfer`: a new active certificate for another machine's serial number with
 * the same client, counts and the rest of the period, and the old one revoked, in one transaction.
 */
export const transferCertificateRequestSchema = z
  .object({
    serialNumber: serialNumberSchema,
    reason: revokeCertificateRequestSchema.shape.reason,
  })
  .strict();
export type TransferCertificateRequest = z.input<typeof transferCertificateRequestSchema>;

/** Texts of the renewal and transfer refusals. */
export const RENEWAL_MESSAGES = {
  validToNotLater:
    'Valid to date must be later than the current one; it may stay the same only when a seat count changes',
  validToPassed: 'Valid to date must be in the future',
  seatsLowered: (label: 'Studio count' | 'User count', downloaded: number) =>
    `${label} cannot be lowered: the licence signed with ${downloaded} was downloaded after it was signed, so a machine may hold a file with more seats; revoke or transfer the certificate instead`,
  sameSerial: 'The new serial number must differ from the current one',
} as const;

/**
 * The arrow between a value before and after a change in history and activity texts. Written as an escape: the
 * bundled font has no glyph for it, so the console draws it with its Icon wherever it shows such a text
 * (src/ui/ChangeText), and a screenshot never depends on a machine's fallback font.
 */
export const CHANGE_ARROW = '\u2192';

/** What a renewal changed, as history and the activity log say it: "Valid to 2026-12-31 → 2027-12-31; users 10 → 25". */
export function describeRenewal(
  before: { validTo: number; studioCount: number; userCount: number },
  after: { validTo: number; studioCount: number; userCount: number },
): string {
  const changes: string[] = [];
  if (after.validTo !== before.validTo)
    changes.push(`Valid to ${describeDay(before.validTo)} ${CHANGE_ARROW} ${describeDay(after.validTo)}`);
  if (after.studioCount !== before.studioCount)
    changes.push(`studios ${before.studioCount} ${CHANGE_ARROW} ${after.studioCount}`);
  if (after.userCount !== before.userCount)
    changes.push(`users ${before.userCount} ${CHANGE_ARROW} ${after.userCount}`);
  return changes.join('; ');
}

/** History texts of a transfer on the two certificates. */
export const TRANSFER_TEXTS = {
  to: (serialNumber: string) => `Transferred to ${serialNumber}`,
  from: (serialNumber: string) => `Transferred from ${serialNumber}`,
} as const;
