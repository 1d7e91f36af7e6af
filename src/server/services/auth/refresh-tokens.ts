// Opaque refresh tokens: stored as SHA-256 hashes, single use, rotated on every refresh inside their session (the
// family). A spent token presented again within the grace window gets the same successor (a reload or a second tab
// that raced the refresh); later, it is a replay and ends the session (RFC 9700 §4.14.2).
//
// The successor of a token is an HMAC of it under a server secret, so it can be handed out again without being
// stored: the table holds hashes only, and a leaked table (even with the secret) gives no usable token.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { getOrCreateSetting } from '../shared/settings';
import { endSessions, liveSession, touchSession, type ClientInfo } from './sessions';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type RotateResult =
  | { ok: true; userId: string; sessionId: string; token: string }
  | { ok: false; reason: 'unknown' | 'ended' | 'reused'; userId?: string };

export interface RefreshTokens {
  /** The first token of a new session. */
  issue(tx: Db | Tx, userId: string, sessionId: string, now: Date): Promise<string>;
  /** Spends `token` and returns its successor, or why it was refused (a replay ends the session). */
  rotate(token: string, client: ClientInfo, now: Date): Promise<RotateResult>;
  /** The session a token belongs to, if the token is known. */
  sessionOf(token: string): Promise<{ sessionId: string; userId: string } | undefined>;
}

export async function createRefreshTokens(db: Db, graceSeconds: number): Promise<RefreshTokens> {
  const secret = await getOrCreateSetting(db, 'refresh_token_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  const successorOf = (token: string) => createHmac('sha256', secret).update(token).digest('base64url');
  const graceMs = graceSeconds * 1000;

  async function store(tx: Db | Tx, token: string, userId: string, sessionId: string, now: Date) {
    await tx
      .insert(refreshTokens)
      .values({ id: randomUUID(), userId, familyId: sessionId, tokenHash: hashToken(token), createdAt: now })
      // The successor of a token may already be stored: a grace-window repeat hands out the same one.
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
  }

  return {
    async issue(tx, userId, sessionId, now) {
      const token = randomBytes(32).toString('base64url');
      await store(tx, token, userId, sessionId, now);
      return token;
    },

    rotate(token, client, now) {
      return db.transaction(async (tx): Promise<RotateResult> => {
        // The conditional update is the single-use guarantee: of two concurrent refreshes only one matches; the
        // other waits for it to commit and then reads the token as spent, within the grace window.
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
        const known =
          spent ??
          (await tx
            .select()
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, hashToken(token)))
            .then((rows) => rows[0]));
        if (!known) return { ok: false, reason: 'unknown' };
        const { userId, familyId: sessionId } = known;
        if (known.revokedAt || !(await liveSession(tx, sessionId, now)))
          return { ok: false, reason: 'ended', userId };
        const isRepeat = !spent;
        if (isRepeat && now.getTime() - (known.usedAt?.getTime() ?? 0) > graceMs) {
          await endSessions(tx, { id: sessionId }, now);
          return { ok: false, reason: 'reused', userId };
        }
        const next = successorOf(token);
        await store(tx, next, userId, sessionId, now);
        await touchSession(tx, sessionId, client, now);
        return { ok: true, userId, sessionId, token: next };
      });
    },

    async sessionOf(token) {
      const [row] = await db
        .select({ sessionId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      return row;
    },
  };
}
