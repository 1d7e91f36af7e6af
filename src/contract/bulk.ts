// Bulk actions: one request names an action and up to MAX_BULK_IDS rows; the server runs the single
// action on each row in its own transaction, with exactly that action's rules, and answers every id's outcome.
// The shapes here are shared by the certificates, clients and users bulk calls.
import { z } from 'zod';
import { ignoredQueryParameter } from './common';
import { ERROR_CODES } from './errors';

/** At most this many ids in one bulk call; the console sends larger selections in chunks of this size. */
export const MAX_BULK_IDS = 1000;

export const BULK_MESSAGES = {
  idsRequired: 'ids must list at least one id',
  tooManyIds: `ids must list at most ${MAX_BULK_IDS} ids; send larger selections in several calls`,
  idsNotUuids: 'ids must be UUIDs',
} as const;

/** 400 text naming the ids listed more than once. */
export const duplicateIdsMessage = (ids: readonly string[]) =>
  `ids must not repeat: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`;

/** The ids listed more than once, each once. */
export function repeatedIds(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}

/** `ids` of a bulk call: 1 to MAX_BULK_IDS distinct UUIDs; anything else is a 400 that changes nothing. */
export const bulkIdsSchema = z
  .array(z.uuid({ error: BULK_MESSAGES.idsNotUuids }), { error: BULK_MESSAGES.idsRequired })
  .min(1, { error: BULK_MESSAGES.idsRequired })
  .max(MAX_BULK_IDS, { error: BULK_MESSAGES.tooManyIds })
  .superRefine((ids, context) => {
    const repeated = repeatedIds(ids);
    if (repeated.length) context.addIssue({ code: 'custom', message: duplicateIdsMessage(repeated) });
  });

/** The enum of a bulk call's actions, with a 400 text listing them. */
export const bulkActionSchema = <const Actions extends readonly [string, ...string[]]>(actions: Actions) =>
  z.enum(actions, { error: `action must be one of: ${actions.join(', ')}` });

/** One id's outcome: `ok` with the row's status after the action, or the error the single call would answer. */
export const bulkResultSchema = <Status extends z.ZodType>(status: Status) =>
  z.object({
    id: z.string(),
    ok: z.boolean(),
    status: status.optional(),
    error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).optional(),
  });

/** `{data: {results, succeeded, failed}}`: every id in the order sent, and the counts. */
export const bulkResponseSchema = <Status extends z.ZodType>(status: Status) =>
  z.object({
    data: z.object({
      results: z.array(bulkResultSchema(status)),
      succeeded: z.number().int(),
      failed: z.number().int(),
    }),
  });

export type BulkResult<Status = string> = {
  id: string;
  ok: boolean;
  status?: Status | undefined;
  error?: { code: (typeof ERROR_CODES)[number]; message: string } | undefined;
};
export interface BulkOutcome<Status = string> {
  results: BulkResult<Status>[];
  succeeded: number;
  failed: number;
}

/** Users and clients read as active or inactive in a bulk outcome. */
export const activeStatusSchema = z.enum(['active', 'inactive']);
export type ActiveStatus = z.infer<typeof activeStatusSchema>;

/** `POST /users/bulk`. */
export const USER_BULK_ACTIONS = ['enable', 'disable'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
export const usersBulkRequestSchema = z.object({
  action: bulkActionSchema(USER_BULK_ACTIONS),
  ids: bulkIdsSchema,
});
export type UsersBulkRequest = z.infer<typeof usersBulkRequestSchema>;
export const usersBulkResponseSchema = bulkResponseSchema(activeStatusSchema);

/** `POST /clients/bulk`. */
export const CLIENT_BULK_ACTIONS = ['activate', 'deactivate'] as const;
export type ClientBulkAction = (typeof CLIENT_BULK_ACTIONS)[number];
export const clientsBulkRequestSchema = z.object({
  action: bulkActionSchema(CLIENT_BULK_ACTIONS),
  ids: bulkIdsSchema,
});
export type ClientsBulkRequest = z.infer<typeof clientsBulkRequestSchema>;
export const clientsBulkResponseSchema = bulkResponseSchema(activeStatusSchema);

/**
 * "Select all N matching": `GET /certificates/ids`, `/clients/ids` and `/users/ids` take their list's
 * filters (no paging, no sort) and answer the ids of every matching row, at most MAX_SELECTION_IDS of them;
 * `total` is how many match, so the console can say when a selection was capped.
 */
export const MAX_SELECTION_IDS = 10_000;

/**
 * The list parameters a selection query accepts and ignores, as the exports do (docs/api.md "Query parameters"): the
 * console sends its list's query as it is, and the ids come in the list's default order.
 */
export const selectionIgnoredParameters = {
  page: ignoredQueryParameter('the selection has every matching row'),
  limit: ignoredQueryParameter('the selection has every matching row'),
  sort: ignoredQueryParameter("the ids come in the list's default order"),
  order: ignoredQueryParameter("the ids come in the list's default order"),
};
export type SelectionIgnoredParameter = keyof typeof selectionIgnoredParameters;
export const selectionIdsResponseSchema = z.object({
  data: z.object({ ids: z.array(z.string()), total: z.number().int() }),
});
export type SelectionIds = z.infer<typeof selectionIdsResponseSchema>['data'];
