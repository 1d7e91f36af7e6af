// Finding anything from the command palette: `GET /search`, its answer and the matching and ordering rules,
// which the server's SQL, its final ordering and the mocks all follow (docs/api.md#search).
import { z } from 'zod';
import { dataOf, singleLineText } from './common';
import { certificateStatusSchema } from './certificates';

/** The longest query, after trimming. */
export const SEARCH_QUERY_MAX_LENGTH = 128;
/** Results per group: the default and the most a caller may ask for. */
export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 20;
/**
 * Queries shorter than this match the start of a value only (a serial number, a name, an e-mail address): a
 * substring of one or two characters matches nearly everything and no index answers it; longer ones match anywhere.
 */
export const SEARCH_SUBSTRING_FROM = 3;

export const SEARCH_TEXTS = {
  onlySpaces: 'q must contain something other than spaces',
  tooLong: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  required: 'q is required',
} as const;

export const searchQuerySchema = z.object({
  q: singleLineText(z.string({ error: SEARCH_TEXTS.required }), 'q')
    .transform((q) => q.trim())
    .pipe(
      z
        .string()
        .min(1, { error: SEARCH_TEXTS.onlySpaces })
        .max(SEARCH_QUERY_MAX_LENGTH, { error: SEARCH_TEXTS.tooLong }),
    ),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(SEARCH_LIMIT_MAX, { error: `limit must be at most ${SEARCH_LIMIT_MAX}` })
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchCertificateSchema = z.object({
  uuid: z.uuid(),
  serialNumber: z.string(),
  clientName: z.string(),
  /** As the certificates list shows it (an overdue certificate reads `expired`). */
  status: certificateStatusSchema,
});
export type SearchCertificate = z.infer<typeof searchCertificateSchema>;
export const searchClientSchema = z.object({ uuid: z.uuid(), name: z.string(), isActive: z.boolean() });
export type SearchClient = z.infer<typeof searchClientSchema>;
export const searchUserSchema = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });
export type SearchUser = z.infer<typeof searchUserSchema>;

/** `GET /search`: `users` is empty for the roles that may not list users. */
export const searchResultsSchema = z.object({
  certificates: z.array(searchCertificateSchema),
  clients: z.array(searchClientSchema),
  users: z.array(searchUserSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
/** `GET /search`'s answer, `{ data: results }` as every answer. */
export const searchResponseSchema = dataOf(searchResultsSchema);

/** The one case-folding both sides use: the server lowers with SQL's `lower()`, which agrees for what serials hold. */
export const searchFold = (text: string) => text.toLowerCase();

/** Whether `value` matches the (trimmed) query: its start for short queries, anywhere for longer ones. */
export function searchMatches(query: string, value: string): boolean {
  const q = searchFold(query);
  const v = searchFold(value);
  return q.length < SEARCH_SUBSTRING_FROM ? v.startsWith(q) : v.includes(q);
}

/**
 * Where a certificate stands among the results, lower first: 0 its serial number is the query, 1 it starts with
 * it, 2 it holds it, 3 only its client's name matches; `null` it does not match. Ties go by serial number.
 */
export function certificateSearchRank(
  query: string,
  certificate: { serialNumber: string; clientName: string },
): 0 | 1 | 2 | 3 | null {
  const q = searchFold(query);
  const serial = searchFold(certificate.serialNumber);
  if (serial === q) return 0;
  if (serial.startsWith(q)) return 1;
  if (q.length >= SEARCH_SUBSTRING_FROM && serial.includes(q)) return 2;
  return searchMatches(query, certificate.clientName) ? 3 : null;
}

/** Orders matching certificates as the answer lists them (see `certificateSearchRank`). */
export function compareCertificateMatches<T extends { serialNumber: string; clientName: string }>(
  query: string,
) {
  return (a: T, b: T) =>
    (certificateSearchRank(query, a) ?? 4) - (certificateSearchRank(query, b) ?? 4) ||
    (a.serialNumber < b.serialNumber ? -1 : a.serialNumber > b.serialNumber ? 1 : 0);
}

/**
 * Orders matching clients and users as the answer lists them: those whose name (a user's name or e-mail address)
 * starts with the query first, then the others, each in name order ignoring case; ties by id.
 */
export function compareNameMatches<T extends { uuid: string; name: string; email?: string }>(query: string) {
  const q = searchFold(query);
  const rank = (row: T) =>
    searchFold(row.name).startsWith(q) || (row.email !== undefined && searchFold(row.email).startsWith(q))
      ? 0
      : 1;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return (a: T, b: T) =>
    rank(a) - rank(b) || byText(searchFold(a.name), searchFold(b.name)) || byText(a.uuid, b.uuid);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A query that is an id (a pasted UUID) finds that certificate whatever its serial number. */
export const isSearchForId = (query: string) => UUID_PATTERN.test(query);
