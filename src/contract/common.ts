import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Epoch milliseconds on the wire. */
export const epochMsSchema = z.number().int();

/**
 * The dates the server accepts: 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. Later (or negative-year)
 * dates have no four-digit ISO 8601 form, which is how timestamps are bound to PostgreSQL, logged and printed.
 */
export const MIN_EPOCH_MS = 0;

const DESCRIBED_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/**
 * A UTC calendar day as the server's own texts write it (history, activity, refusals): 'Nov 13, 2026', the style of
 * the console's tables, so a description never sets an ISO date beside them. Stored texts are English.
 */
export const describeDay = (epochMs: number) => DESCRIBED_DAY.format(epochMs);
export const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Ranges of the PostgreSQL integer columns (src/server/db/schema/): an input stored in one is given its range. */
export const SMALLINT_MIN = -32_768;
export const SMALLINT_MAX = 32_767;
export const INTEGER_MIN = -2_147_483_648;
export const INTEGER_MAX = 2_147_483_647;

// The one text rule of the API (docs/security.md "Input"). PostgreSQL refuses NUL in text and cannot store a lone
// UTF-16 surrogate; other control characters (ESC starts terminal escape sequences) end up in signed licences, CSV
// files and terminals. Single-line fields refuse every C0 control (tab and line breaks included), DEL and C1;
// multi-line fields (textareas) allow tab, line feed and carriage return. Written as a `pattern` so the OpenAPI
// document states it; lone surrogates, which a JSON Schema pattern cannot express portably, are a refinement.
//
// Single-line fields are how people and companies are named and told apart, so they also refuse the characters
// that change how a text reads without showing themselves: the bidirectional embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069), which can make "Acme\u202Eevil" display with its end reversed, and the
// zero-width space, non-joiner and joiner and the byte-order mark (U+200B-U+200D, U+FEFF), which make two names
// that look the same different. Multi-line texts (descriptions, notes, reasons) are read as prose under a name that
// already passed this rule, and keep them. One pattern holds both sets, so the OpenAPI document states the whole
// rule; the message says which kind it found.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of these patterns
const SINGLE_LINE_PATTERN = /^[^\x00-\x1f\x7f-\x9f\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]*$/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTER = /[\x00-\x1f\x7f-\x9f]/;
const INVISIBLE_CHARACTER = /[\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_PATTERN = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether text is well-formed UTF-16 (no lone surrogate), i.e. can be encoded as UTF-8 and stored. */
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain line breaks, tabs or other control characters`;
export const multiLineControlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;
export const invalidCharactersMessage = (label: string) => `${label} must not contain invalid characters`;
export const invisibleCharactersMessage = (label: string) =>
  `${label} must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left overrides)`;

/** A single-line text field (a name, a phone number, a search): `schema` plus the text rule above. */
export const singleLineText = (schema: z.ZodString, label: string) =>
  schema
    .regex(SINGLE_LINE_PATTERN, {
      // A control character is named first; a text with only invisible ones is told so, since nobody can see them.
      error: ({ input }) =>
        typeof input === 'string' && !CONTROL_CHARACTER.test(input) && INVISIBLE_CHARACTER.test(input)
          ? invisibleCharactersMessage(label)
          : controlCharactersMessage(label),
    })
    .refine(isWellFormedText, { error: invalidCharactersMessage(label) });

/** A multi-line text field (notes, a description, an address, a reason): tab and line breaks allowed. */
export const multiLineText = (schema: z.ZodString, label: string) =>
  schema
    .regex(MULTI_LINE_PATTERN, { error: multiLineControlCharactersMessage(label) })
    .refine(isWellFormedText, { error: invalidCharactersMessage(label) });

/** What every form says of an e-mail address it cannot take (docs/requirements.md, the sign-in and client forms). */
export const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * An e-mail address, wherever the console or the server takes one (sign-in, a user, a client's contact, the mail
 * sender): what the browser's own e-mail field takes (the HTML standard's rule). An address on a company's internal
 * domain, or the first start's `owner@localhost`, has no dot after the @: a stricter rule refused it at sign-in and
 * locked its owner out, and refused such a client contact, which the specification asks only to contain an @.
 */
export const emailAddress = (error?: string) =>
  z.email({ pattern: z.regexes.html5Email, ...(error ? { error } : {}) });

/**
 * A query parameter accepted and ignored, and documented as such: unknown parameters are refused (docs/api.md),
 * but an export takes its list's query as it is, paging included.
 */
export const ignoredQueryParameter = (why: string) =>
  z
    .string()
    .optional()
    .meta({ description: `Ignored: ${why}` });

/** A path id that must be a UUID. */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

const intFromQuery = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });

/** `page` from 1, `limit` from 1 to 100 (default 10), optional `search`. */
export const listQuerySchema = z.object({
  page: intFromQuery('page', 1, 1_000_000).default(1),
  limit: intFromQuery('limit', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: singleLineText(z.string().max(200, { error: 'search is too long' }), 'search').optional(),
});

/** The directions a list sorts in. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` (one of a list's keys) and `order` (`asc`|`desc`) of a list; a wrong value is a 400 naming the
 * allowed ones. Without `sort` a list is newest first; `sort` without `order` is ascending.
 */
export const sortQueryFields = <const Keys extends readonly [string, ...string[]]>(keys: Keys) => ({
  sort: z.enum(keys, { error: `sort must be one of: ${keys.join(', ')}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: `order must be one of: ${SORT_ORDERS.join(', ')}` }).optional(),
});

/** Active/inactive filter of users and clients lists. */
export const activeStatusFilterSchema = z.enum(['active', 'inactive']);

/** Wraps an entity the way docs/requirements.md#calls says: `{ data: entity }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
