// Reading staff users with their role, shared by sign-in, the auth plugin and the users service; and making one, shared
// by the users service and single sign-on's first sign-in (services/oidc).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { epochOrNull } from '../../db/rows';
import type { RoleName } from '../../../contract/roles';
import type { SessionUser } from '../../../contract/auth';
import { recordChangeOf } from '../shared/audit';

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  mfaEnabledAt: users.mfaEnabledAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  roleId: roles.id,
  roleUuid: roles.uuid,
  roleName: roles.name,
};

export type UserRow = {
  id: string;
  name: string;
  email: string;
  /** Null for an account made by single sign-on: no password signs into it. */
  passwordHash: string | null;
  isActive: boolean;
  /** When two-factor codes were turned on, or null. */
  mfaEnabledAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  roleId: number;
  roleUuid: string;
  roleName: string;
};

const baseQuery = (db: Db | Tx) =>
  db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId));

const prepareUserById = (db: Db) =>
  baseQuery(db)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('find_user_by_id');
// Every authenticated request reads its user: the statement is built once per database, not on every call.
const userByIdStatements = new WeakMap<Db | Tx, ReturnType<typeof prepareUserById>>();

/** A live (not deleted) user by id. */
export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  let statement = userByIdStatements.get(db);
  if (!statement) {
    statement = prepareUserById(db as Db);
    userByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/** A live user by email, ignoring case. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await baseQuery(db).where(
    and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)),
  );
  return row;
}

/** The wire shape of a signed-in user; the users service adds what managing a user needs (`deleteRefusal`). */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    uuid: row.id,
    name: row.name,
    email: row.email,
    role: { id: row.roleId, uuid: row.roleUuid, name: row.roleName as RoleName },
    isActive: row.isActive,
    lastLoginAt: epochOrNull(row.lastLoginAt),
  };
}

/** A new staff user, as the users API and single sign-on's first sign-in (services/oidc) make one. */
export interface NewUser {
  name: string;
  email: string;
  /** Null for an account made by single sign-on: no password signs into it. */
  passwordHash: string | null;
  role: { id: number; name: string };
  /** The provider's identity the account signs in with (single sign-on). */
  oidc?: { issuer: string; subject: string };
}

/**
 * Inserts a user and its `user.created` activity row in the caller's transaction and returns its id; `how` ends the
 * row's description (" at their first single sign-on"). The caller checks the role and guards the e-mail's uniqueness.
 */
export async function insertUser(
  tx: Tx,
  actor: { id: string | null; name: string },
  user: NewUser,
  at: Date,
  how = '',
): Promise<string> {
  const id = randomUUID();
  await tx.insert(users).values({
    id,
    name: user.name,
    email: user.email,
    passwordHash: user.passwordHash,
    roleId: user.role.id,
    oidcIssuer: user.oidc?.issuer ?? null,
    oidcSubject: user.oidc?.subject ?? null,
    createdAt: at,
    updatedAt: at,
  });
  const description = `Created ${user.role.name} ${user.name} (${user.email})${how}`;
  await recordChangeOf(tx, actor, 'user.created', id, description, at);
  return id;
}
