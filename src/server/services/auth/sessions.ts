// Sessions: one a sign-in. Every access token names its session (`sid`) and every authenticated call reads the
// session's state in the same statement as its user (services/principals.ts), so ending a session stops its access
// tokens at once, not at their expiry, and its refresh tokens with them (docs/adr/0008-refresh-cookie-and-sessions.md).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../contract/auth';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, roles, sessions, users } from '../../db/schema';
import { userColumns, type UserRow } from '../users/staff-users';

/** A session lives at most this long from its sign-in, however often it is refreshed. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Ended and expired sessions (and their refresh tokens) are kept this long for the record, then purged. */
export const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Where a request came from, as the session list shows it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

// A header is the caller's to choose: keep what the list needs, never a whole header section.
const USER_AGENT_MAX_LENGTH = 512;
const userAgentOf = (client: ClientInfo) => client.userAgent.slice(0, USER_AGENT_MAX_LENGTH);

/** Starts a session for a sign-in and returns its id. */
export async function startSession(
  tx: Db | Tx,
  userId: string,
  client: ClientInfo,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: userAgentOf(client),
    ipAddress: client.ip,
  });
  return id;
}

const isLive = (now: Date) => and(isNull(sessions.endedAt), gt(sessions.expiresAt, now));

/** The session when it is live (not ended, not expired), else undefined. */
export async function liveSession(tx: Db | Tx, id: string, now: Date) {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isLive(now)));
  return row;
}

/** Records a refresh: when and from where the session was last used. */
export async function touchSession(tx: Db | Tx, id: string, client: ClientInfo, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastUsedAt: now, ipAddress: client.ip, userAgent: userAgentOf(client) })
    .where(eq(sessions.id, id));
}

/** A user's live sessions, most recently used first; `currentId` marks the caller's own. */
export async function listSessions(
  db: Db | Tx,
  userId: string,
  currentId: string | null,
  now: Date,
): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isLive(now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt.getTime(),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    current: row.id === currentId,
  }));
}

/**
 * Ends sessions and revokes their refresh tokens: one session (`id`), or every live session of a user except
 * `exceptId`. Returns the ids it ended.
 */
export async function endSessions(
  tx: Db | Tx,
  which: { id: string; userId?: string } | { userId: string; exceptId?: string | null },
  now: Date,
): Promise<string[]> {
  const scope =
    'id' in which
      ? and(eq(sessions.id, which.id), which.userId ? eq(sessions.userId, which.userId) : undefined)
      : and(eq(sessions.userId, which.userId), which.exceptId ? ne(sessions.id, which.exceptId) : undefined);
  const ended = await tx
    .update(sessions)
    .set({ endedAt: now })
    .where(and(scope, isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(refreshTokens.revokedAt),
          inArray(
            refreshTokens.familyId,
            ended.map((row) => row.id),
          ),
        ),
      );
  }
  return ended.map((row) => row.id);
}

/** Deletes sessions (with their refresh tokens) that ended or expired longer than the retention period ago. */
export async function purgeSessions(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SESSION_RETENTION_MS);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(or(lt(sessions.endedAt, before), lt(sessions.expiresAt, before)))
      .limit(1000);
    if (stale.length === 0) return 0;
    const ids = stale.map((row) => row.id);
    await tx.delete(refreshTokens).where(inArray(refreshTokens.familyId, ids));
    await tx.delete(sessions).where(inArray(sessions.id, ids));
    return stale.length;
  });
}

const prepareSessionUser = (db: Db) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        isNull(users.deletedAt),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('find_session_user');
// Every authenticated request runs it: the statement is built once per database, not on every call.
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/** The live user of a live session, read in one statement (undefined when either is gone or ended). */
export async function findSessionUser(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<UserRow | undefined> {
  let statement = sessionUserStatements.get(db);
  if (!statement) {
    statement = prepareSessionUser(db);
    sessionUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, sessionId, now: now.toISOString() });
  return row;
}
