// The first owner, created on the first start against an empty database.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import { recordActivity } from '../shared/audit';
import { hashPassword } from './passwords';

export const DEFAULT_OWNER_EMAIL = 'owner@localhost';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here, so it can be printed once. */
  generatedPassword?: string;
}

/** Creates the owner when there are no users at all; returns what was created, or null. */
export async function ensureOwner(
  db: Db,
  email?: string,
  password?: string,
): Promise<BootstrapResult | null> {
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts on PostgreSQL (a no-op cost on PGlite's single connection).
    await tx.execute(sql`select pg_advisory_xact_lock(7402312)`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
    if (n > 0) return null;
    const id = randomUUID();
    const ownerEmail = email ?? DEFAULT_OWNER_EMAIL;
    await tx
      .insert(users)
      .values({ id, name: 'Owner', email: ownerEmail, passwordHash, roleId: ROLE_IDS.owner });
    await recordActivity(tx, null, {
      type: 'user.created',
      targetType: 'user',
      targetId: id,
      description: `Owner ${ownerEmail} created at first start`,
    });
    return { email: ownerEmail, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
