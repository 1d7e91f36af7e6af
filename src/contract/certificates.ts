import { z } from 'zod';
import {
  dataOf,
  epochMsSchema,
  ignoredQueryParameter,
  listQuerySchema,
  sortQueryFields,
  MAX_EPOCH_MS,
  MIN_EPOCH_MS,
  multiLineText,
} from './common';
import { MAX_SEAT_COUNT } from './constants';

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
    .max(MAX_SEAT_COUNT, { error: `${label} must be at most ${MAX_SEAT_COUNT.toLocaleString('en-US')}` });
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

export const createCertificateRequestSchema = z
  .object({
    clientId: z.uuid({ error: 'Client is required' }),
    serialNumber: serialNumberSchema,
    studioCount: countSchema('Studio count'),
    userCount: countSchema('User count'),
    validFrom: validFromSchema,
    validTo: validToSchema,
    notes: notesSchema.default(''),
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

export const certificatesQuerySchema = listQuerySchema.extend({
  status: certificateStatusSchema.optional(),
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

export const certificatesListResponseSchema = dataOf(
  z.object({
    certificates: z.array(certificateSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
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
  `Serial number ${serialNumber} already has a ${status} certificate valid from ${new Date(validFrom).toISOString().slice(0, 10)} to ${new Date(validTo).toISOString().slice(0, 10)}; validity periods of one serial number must not overlap`;
