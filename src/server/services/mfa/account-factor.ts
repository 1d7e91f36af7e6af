// A user's second factor as the database holds it, and the writes that turn it on and off. Shared by the signed-in
// calls, the sign-in steps, the password step's question "what comes next?" and the CLI's `reset-mfa`.
import { and, eq, isNull } from 'drizzle-orm';
import type { MfaChallenge } from '../../../contract/auth';
import type { Db, Tx } from '../../db/client';
import { roles, users } from '../../db/schema';
import type { SignInRules } from '../auth/sign-in-settings';
import { userColumns, type UserRow } from '../users/staff-users';
import type { MfaTokens } from './mfa-tokens';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';

/** A live user with their factor: the encrypted secret, the one waiting for confirmation, the last step accepted. */
export interface AccountFactor extends UserRow {
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaLastStep: number | null;
}

/** A live (not deleted) user with their factor, or undefined. */
export async function accountFactorOf(db: Db | Tx, userId: string): Promise<AccountFactor | undefined> {
  const [row] = await db
    .select({
      ...userColumns,
      mfaSecret: users.mfaSecret,
      mfaPendingSecret: users.mfaPendingSecret,
      mfaLastStep: users.mfaLastStep,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** Whether the account has two-factor sign-in on (the secret and its time are written and cleared together). */
export const hasFactor = (account: Pick<AccountFactor, 'mfaSecret' | 'mfaEnabledAt'>) =>
  account.mfaSecret !== null && account.mfaEnabledAt !== null;

/**
 * What a right password leads to: a code when the account has two-factor sign-in, an enrolment when the owners
 * require it and the account has none yet, or null (signed in at once).
 */
export async function secondStepOf(
  db: Db,
  mfaTokens: MfaTokens,
  row: UserRow,
  rules: SignInRules,
): Promise<MfaChallenge | null> {
  if (row.passwordHash === null) return null;
  if (row.mfaEnabledAt === null && !rules.mfaRequired) return null;
  const account = await accountFactorOf(db, row.id);
  if (!account) return null;
  if (hasFactor(account)) return { mfaRequired: true, mfaToken: await mfaTokens.issue(account, 'verify') };
  return rules.mfaRequired
    ? { mfaEnrolmentRequired: true, mfaToken: await mfaTokens.issue(account, 'enrol') }
    : null;
}

/**
 * Turns the pending secret into the account's factor, accepting `step` as its first code, and hands out new
 * recovery codes (the old ones go). Answers null when the pending secret changed or a factor appeared meanwhile
 * (another tab, another process): nothing is written then.
 */
export async function enableFactor(
  tx: Tx,
  userId: string,
  pendingSecret: string,
  step: number,
  at: Date,
): Promise<string[] | null> {
  const enabled = await tx
    .update(users)
    .set({
      mfaSecret: pendingSecret,
      mfaPendingSecret: null,
      mfaEnabledAt: at,
      mfaLastStep: step,
      updatedAt: at,
    })
    .where(and(eq(users.id, userId), eq(users.mfaPendingSecret, pendingSecret), isNull(users.mfaSecret)))
    .returning({ id: users.id });
  if (enabled.length === 0) return null;
  return replaceRecoveryCodes(tx, userId, at);
}

/** Removes the account's factor, pending secret and recovery codes; answers whether there was a factor to remove. */
export async function clearFactor(tx: Tx, userId: string, at: Date): Promise<boolean> {
  const [before] = await tx
    .select({ enabledAt: users.mfaEnabledAt, pending: users.mfaPendingSecret })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await tx
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: at })
    .where(eq(users.id, userId));
  await deleteRecoveryCodes(tx, userId);
  return Boolean(before?.enabledAt);
}
