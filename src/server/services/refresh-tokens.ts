// Opaque refresh tokens: stored hashed, single use, rotated on every refresh; a spent one presented again
// revokes its whole family (RFC 9700 §4.14.2). A family lives at most 7 days from sign-in.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { refreshTokens } from '../db/schema';

export const REFRESH_FAMILY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Starts a new family (a sign-in) and returns its first token. */
export async function issueRefreshToken(db: Db | Tx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(refreshTokens).values({
    id: randomUUID(),
    userId,
    familyId: randomUUID(),
    tokenHash: hashToken(token),
    createdAt: now,
    familyExpiresAt: new Date(now.getTime() + REFRESH_FAMILY_LIFETIME_MS),
  });
  return token;
}

export type RotateResult =
  | { ok: true; userId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; userId?: string };

/** Spends `token` and returns its successor, or why it was refused (reuse revokes the family). */
export async function rotateRefreshToken(db: Db, token: string, now: Date): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    // The conditional update is the single-use guarantee: of two concurrent refreshes only one matches.
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, hashToken(token)),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning();
    if (!spent) {
      const [known] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!known) return { ok: false, reason: 'unknown' };
      if (known.usedAt) {
        await revokeFamily(tx, known.familyId, now);
        return { ok: false, reason: 'reused', userId: known.userId };
      }
      return { ok: false, reason: 'revoked', userId: known.userId };
    }
    if (spent.familyExpiresAt.getTime() <= now.getTime())
      return { ok: false, reason: 'expired', userId: spent.userId };
    const next = newToken();
    await tx.insert(refreshTokens).values({
      id: randomUUID(),
      userId: spent.userId,
      familyId: spent.familyId,
      tokenHash: hashToken(next),
      createdAt: now,
      familyExpiresAt: spent.familyExpiresAt,
    });
    return { ok: true, userId: spent.userId, token: next };
  });
}

async function revokeFamily(tx: Db | Tx, familyId: string, now: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family `token` belongs to (logout); returns its user id when the token was known. */
export async function revokeFamilyOf(db: Db | Tx, token: string, now: Date): Promise<string | undefined> {
  const [known] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!known) return undefined;
  await revokeFamily(db, known.familyId, now);
  return known.userId;
}

/** Revokes every refresh token of a user, except the family of `keepToken` when it is theirs. */
export async function revokeUserRefreshTokens(
  db: Db | Tx,
  userId: string,
  now: Date,
  keepToken?: string,
): Promise<void> {
  let keepFamily: string | undefined;
  if (keepToken) {
    const [kept] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(keepToken)), eq(refreshTokens.userId, userId)));
    keepFamily = kept?.familyId;
  }
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamily ? ne(refreshTokens.familyId, keepFamily) : sql`true`,
      ),
    );
}
