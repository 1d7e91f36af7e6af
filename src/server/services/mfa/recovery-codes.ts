// Recovery codes: ten one-time codes handed out when two-factor sign-in is turned on, each signing in once in place
// of an authenticator's code (a lost phone). Shown once, stored hashed.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../../contract/sign-in';
import type { Db, Tx } from '../../db/client';
import { mfaRecoveryCodes } from '../../db/schema';

/** RFC 4648 base32: no 0, 1, 8 or 9, so a code read off paper is not mistaken for O, I or B. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_LENGTH = 10;

/** A new code, shown as `xxxxx-xxxxx`: 10 base32 characters, 50 random bits (32 is a power of two: no bias). */
function newCode(): string {
  const chars = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`.toLowerCase();
}

/** A code as typed, compared without case, dashes or spaces. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** Whether a typed code could be a recovery code at all (a wrong one is then refused like any wrong code). */
export const isRecoveryShaped = (code: string) =>
  new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`).test(normaliseRecoveryCode(code));

/**
 * SHA-256 over the user's id and the code. A fast hash is fine because the code is 50 random bits and nobody chose
 * it: searching a stolen hash takes on average 2^49 tries, most of a day of GPU time for each code, and what that
 * wins is the second factor of one account, whose password (argon2) must still be cracked. The user's id as a salt
 * means each account is searched on its own, never all rows at once. A slow hash would cost more than it gives: a
 * salted slow hash cannot be looked up, so every attempt would be checked against each of the user's ten codes,
 * a cheap way for guessers to burn the server's CPU. Recovery codes are kept out of the secrets key on purpose:
 * they are how someone signs in when that key is lost.
 */
const hashOf = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');

/** Replaces the user's recovery codes with ten new ones and answers them, as they are shown once. */
export async function replaceRecoveryCodes(tx: Tx, userId: string, at: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(
      codes.map((code) => ({ id: randomUUID(), userId, codeHash: hashOf(userId, code), createdAt: at })),
    );
  return codes;
}

/** Spends a code: true when it was the user's and unused (it is then used), false otherwise. Race-safe. */
export async function spendRecoveryCode(
  db: Db | Tx,
  userId: string,
  code: string,
  at: Date,
): Promise<boolean> {
  if (!isRecoveryShaped(code)) return false;
  const spent = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashOf(userId, code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return spent.length > 0;
}

/** How many unused codes the user has left. */
export async function recoveryCodesLeft(db: Db | Tx, userId: string): Promise<number> {
  return db.$count(
    mfaRecoveryCodes,
    and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)),
  );
}

/** Removes every recovery code of the user (two-factor sign-in turned off or reset). */
export async function deleteRecoveryCodes(tx: Db | Tx, userId: string): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}
