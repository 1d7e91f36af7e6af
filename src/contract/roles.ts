import { z } from 'zod';
import { ROLE_NAMES } from './access';

// The rules live in access.ts, which does not load zod: the console's first script reads them.
export * from './access';

export const roleNameSchema = z.enum(ROLE_NAMES);

export const roleSchema = z.object({ id: z.number().int(), uuid: z.uuid(), name: roleNameSchema });
export type Role = z.infer<typeof roleSchema>;
