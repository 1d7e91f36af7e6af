// The client–user assignments (docs/requirements.md#entities "Client user"), replaced as a whole set from either
// side: PUT /clients/{id}/users and PUT /users/{id}/clients. The caller has locked its own row NO KEY UPDATE, which
// serialises two replacements of one set, and records the activity; here the other side's rows are locked KEY
// SHARE (a delete of one of them, FOR UPDATE, waits; a replacement of their own set, NO KEY UPDATE, does not),
// unknown ones are refused and only the difference is written.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientUsers, clients, users } from '../../db/schema';
import type { HttpError } from '../../errors';

/** What changed: counts for the activity's description; nothing when the set was already as asked. */
export interface AssignmentChange {
  /** `2 assigned (1 added, 0 removed)` */
  summary: string;
}

export async function replaceAssignments(
  tx: Tx,
  /** The client whose users, or the user whose clients, are replaced. */
  of: { client: string } | { user: string },
  ids: readonly string[],
  at: Date,
  rules: {
    /** The refusal of an id that names no live row of the other side. */
    unknown: (id: string) => HttpError;
    /** Runs before anything is written, with every id added or removed; throws to refuse. */
    mayChange?: (changed: string[]) => Promise<void>;
  },
): Promise<AssignmentChange | undefined> {
  const wanted = [...new Set(ids)];
  const [ownId, ownLink, otherLink] =
    'client' in of
      ? [of.client, clientUsers.clientId, clientUsers.userId]
      : [of.user, clientUsers.userId, clientUsers.clientId];
  const found = wanted.length ? await lockLive(tx, 'client' in of ? users : clients, wanted) : [];
  const foundIds = new Set(found.map((row) => row.id));
  const missing = wanted.find((id) => !foundIds.has(id));
  if (missing) throw rules.unknown(missing);

  const before = new Set(
    (await tx.select({ id: otherLink }).from(clientUsers).where(eq(ownLink, ownId))).map((row) => row.id),
  );
  const added = wanted.filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !foundIds.has(id));
  if (added.length === 0 && removed.length === 0) return undefined;
  await rules.mayChange?.([...added, ...removed]);
  if (removed.length)
    await tx.delete(clientUsers).where(and(eq(ownLink, ownId), inArray(otherLink, removed)));
  if (added.length) {
    await tx
      .insert(clientUsers)
      .values(
        added.map((otherId) =>
          'client' in of
            ? { clientId: ownId, userId: otherId, createdAt: at }
            : { clientId: otherId, userId: ownId, createdAt: at },
        ),
      )
      .onConflictDoNothing();
  }
  return {
    summary: `${wanted.length} assigned (${added.length} added, ${removed.length} removed)`,
  };
}

/** The live rows among `ids`, locked KEY SHARE in id order (a fixed lock order). */
function lockLive(tx: Tx, table: typeof clients | typeof users, ids: string[]) {
  return tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), isNull(table.deletedAt)))
    .orderBy(asc(table.id))
    .for('key share');
}
