import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Epoch milliseconds on the wire. */
export const epochMsSchema = z.number().int();

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
  search: z.string().max(200, { error: 'search is too long' }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Active/inactive filter of users and clients lists. */
export const activeStatusFilterSchema = z.enum(['active', 'inactive']);

/** Wraps an entity the way ARCHITECTURE.md says: `{ data: entity }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
