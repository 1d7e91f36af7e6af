// Managed staff users (docs/requirements.md#calls "Users"): list, read, create, edit, enable/disable, soft delete and the
// user's client assignments. Role rules of the API issue are enforced here, so every caller gets them.
import { and, asc, count, eq, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { ROLE_IDS, canManageUserOfRole, type Role, type RoleName } from '../../../contract/roles';
import {
  USER_MESSAGES,
  unknownClientMessage,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserClient,
  type UsersList,
  type UserSortKey,
  type UsersQuery,
  type UsersSelectionQuery,
} from '../../../contract/users';
import {
  MAX_SELECTION_IDS,
  type ActiveStatus,
  type BulkOutcome,
  type SelectionIds,
  type UserBulkAction,
} from '../../../contract/bulk';
import type { Db, Tx } from '../../db/client';
import { clientUsers, clients, roles, users } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import { listOrder } from '../../db/sql';
import { recordChangeOf } from '../shared/audit';
import { activeStatus, runBulk } from '../shared/bulk';
import type { Actor, AppContext } from '../shared/context';
import { liveActiveCertificatesSql } from '../shared/counters';
import { hashPassword } from '../auth/passwords';
import { revokeApiTokensOf } from '../api-tokens/api-tokens-service';
import { endSessions } from '../auth/sessions';
import { findUserById, insertUser, toSessionUser, userColumns, type UserRow } from './staff-users';
import { replaceAssignments } from '../clients/assignments';
import { listFilter, newestFirst, pageOffset, uniqueAmongLive } from '../shared/live-rows';

/** Held (per transaction) by every change that could leave no active owner, so two such changes run one after the other. */
const OWNERS_LOCK_ID = 7_402_320;

export interface UsersService {
  list(query: UsersQuery): Promise<UsersList>;
  /** Every role but owner, which is only given from the CLI. */
  assignableRoles(): Promise<Role[]>;
  get(id: string): Promise<User>;
  create(actor: Actor, input: CreateUserRequest): Promise<User>;
  update(actor: Actor, id: string, input: UpdateUserRequest): Promise<User>;
  remove(actor: Actor, id: string): Promise<void>;
  clientsOf(id: string): Promise<UserClient[]>;
  assignClients(actor: Actor, id: string, clientUuids: string[]): Promise<UserClient[]>;
  /** `POST /users/bulk`: enable or disable each user with the rules of `update` (per-user refusals as outcomes). */
  bulk(actor: Actor, action: UserBulkAction, ids: readonly string[]): Promise<BulkOutcome<ActiveStatus>>;
  /** `GET /users/ids`: the ids of the users the list's filters match, in its default order (at most MAX_SELECTION_IDS). */
  selectionIds(query: UsersSelectionQuery): Promise<SelectionIds>;
}

const liveUser = (id: string) => and(eq(users.id, id), isNull(users.deletedAt));

/** The user row, locked for the rest of the transaction (FOR UPDATE OF users: the role row stays unlocked). */
async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(liveUser(id))
    .for('update', { of: users });
  return row;
}

/**
 * The last active owner: an active owner when no other owner is active. The one home of the rule: readers
 * select it as `deleteRefusal`, and `update` and `remove` read it again holding the owners lock, so it stays exact.
 * The count does not depend on the row, so PostgreSQL runs it once per statement, not once per listed user.
 */
const lastActiveOwnerSql = sql<boolean>`(${users.roleId} = ${ROLE_IDS.owner} and ${users.isActive}
  and ${users.deletedAt} is null
  and (select count(*) from users owners
    where owners.role_id = ${ROLE_IDS.owner} and owners.is_active and owners.deleted_at is null) <= 1)`;

/** Why deleting the user would be refused whoever asks, or null; the caller's own limits are 403s, not this. */
const deleteRefusalSql = sql<
  string | null
>`(case when ${lastActiveOwnerSql} then ${USER_MESSAGES.lastActiveOwner}::text end)`;

/** A user as the users API answers it: the session's shape and `deleteRefusal`. */
const managedUserColumns = { ...userColumns, deleteRefusal: deleteRefusalSql };

const toUser = (row: UserRow & { deleteRefusal: string | null }): User => ({
  ...toSessionUser(row),
  mfaEnabled: row.mfaEnabledAt !== null,
  deleteRefusal: row.deleteRefusal,
});

/** The rule for one user, read in the transaction that holds the owners lock. */
async function lastActiveOwnerRule(tx: Tx, id: string) {
  const [row] = await tx
    .select({ isLast: lastActiveOwnerSql, refusal: deleteRefusalSql })
    .from(users)
    .where(eq(users.id, id));
  return { isLast: row?.isLast === true, refusal: row?.refusal ?? null };
}

async function roleById(db: Db | Tx, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ? { ...row, name: row.name as RoleName } : undefined;
}

const userClientColumns = (at: Date) => ({
  uuid: clients.id,
  name: clients.name,
  description: clients.description,
  contactEmail: clients.contactEmail,
  contactPhone: clients.contactPhone,
  isActive: clients.isActive,
  certificateCount: clients.certificateCount,
  activeCertificates: liveActiveCertificatesSql(at),
  createdAt: clients.createdAt,
});

/** Emails are unique among live users, ignoring case (the index `users_email_live_key`). */
const uniqueEmail = uniqueAmongLive({
  table: users,
  column: users.email,
  index: 'users_email_live_key',
  message: USER_MESSAGES.emailTaken,
  field: 'email',
});

export function createUsersService(ctx: AppContext): UsersService {
  const { db, now } = ctx;

  async function getRow(id: string): Promise<UserRow> {
    const row = await findUserById(db, id);
    if (!row) throw notFound('User');
    return row;
  }

  /** A live user as the API answers it (not the sign-in's prepared read: that one has no `deleteRefusal`). */
  async function readUser(id: string): Promise<User> {
    const [row] = await db
      .select(managedUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(liveUser(id));
    if (!row) throw notFound('User');
    return toUser(row);
  }

  /** Refuses a role the API never gives; returns the role otherwise. */
  async function assignableRole(roleId: number) {
    const role = await roleById(db, roleId);
    if (!role) throw validationFailed({ roleId: USER_MESSAGES.unknownRole });
    if (role.name === 'owner') throw validationFailed({ roleId: USER_MESSAGES.ownerRoleNotAssignable });
    return role;
  }

  /** Starts a transaction on a user; takes the owners lock first when the user is an owner (lock order: owners, then user). */
  async function withLockedUser<T>(id: string, work: (tx: Tx, target: UserRow) => Promise<T>): Promise<T> {
    const before = await getRow(id);
    return db.transaction(async (tx) => {
      // Only owners can be the last active owner; the API never makes anyone an owner, so a user read as non-owner stays one.
      if (before.roleName === 'owner') await tx.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK_ID})`);
      const target = await lockUser(tx, id);
      if (!target) throw notFound('User');
      return work(tx, target);
    });
  }

  const service: UsersService = {
    async list(query) {
      const { where } = listFilter(users, [users.name, users.email], query);
      const [rows, totals] = await Promise.all([
        db
          .select(managedUserColumns)
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          .orderBy(
            ...listOrder(
              query,
              {
                name: sql`lower(${users.name})`,
                email: sql`lower(${users.email})`,
                // Role ids run from owner (1) to viewer (4).
                role: users.roleId,
                createdAt: users.createdAt,
              } satisfies Record<UserSortKey, SQLWrapper>,
              users.id,
              newestFirst(users),
            ),
          )
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { users: rows.map(toUser), total: totals[0]?.n ?? 0, page: query.page, limit: query.limit };
    },

    async assignableRoles() {
      const rows = await db.select().from(roles).where(ne(roles.name, 'owner')).orderBy(asc(roles.id));
      return rows.map((r) => ({ id: r.id, uuid: r.uuid, name: r.name as RoleName }));
    },

    async get(id) {
      return readUser(id);
    },

    async create(actor, input) {
      const role = await assignableRole(input.roleId);
      await uniqueEmail.assertFree(db, input.email);
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const id = await uniqueEmail.guard(() =>
        db.transaction((tx) =>
          insertUser(tx, actor, { name: input.name, email: input.email, passwordHash, role }, at),
        ),
      );
      return readUser(id);
    },

    async update(actor, id, input) {
      const newRole = input.roleId === undefined ? undefined : await roleById(db, input.roleId);
      if (input.roleId !== undefined && !newRole)
        throw validationFailed({ roleId: USER_MESSAGES.unknownRole });
      // Hashing is slow: done before the transaction so row locks are held briefly.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const at = now();

      await uniqueEmail.guard(() =>
        withLockedUser(id, async (tx, target) => {
          if (!canManageUserOfRole(actor.role, target.roleName as RoleName))
            throw forbidden(USER_MESSAGES.cannotManageOwner);
          const isSelf = target.id === actor.id;
          const changesRole = newRole !== undefined && newRole.id !== target.roleId;
          if (changesRole && isSelf) throw forbidden(USER_MESSAGES.cannotChangeOwnRole);
          if (changesRole && newRole.name === 'owner')
            throw validationFailed({ roleId: USER_MESSAGES.ownerRoleNotAssignable });
          const disables = input.isActive === false && target.isActive;
          const enables = input.isActive === true && !target.isActive;
          if (disables && isSelf) throw forbidden(USER_MESSAGES.cannotDisableSelf);
          if ((disables || changesRole) && (await lastActiveOwnerRule(tx, id)).isLast)
            throw conflict(USER_MESSAGES.lastActiveOwner);
          const newEmail =
            input.email !== undefined && input.email !== target.email ? input.email : undefined;
          const changesEmail = newEmail !== undefined;
          if (newEmail !== undefined) await uniqueEmail.assertFree(tx, newEmail, id);

          const changed: string[] = [];
          if (input.name !== undefined && input.name !== target.name) changed.push('name');
          if (changesEmail) changed.push('email');
          if (passwordHash) changed.push('password');
          if (changesRole) changed.push(`role ${target.roleName} → ${newRole.name}`);
          if (changed.length === 0 && !disables && !enables) return;

          await tx
            .update(users)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(newEmail !== undefined ? { email: newEmail } : {}),
              ...(passwordHash ? { passwordHash } : {}),
              ...(changesRole ? { roleId: newRole.id } : {}),
              ...(disables || enables ? { isActive: !disables } : {}),
              updatedAt: at,
            })
            .where(eq(users.id, id));
          // Disabling or demoting a user ends every session of theirs, and disabling revokes the API tokens they
          // created (a demoted creator's tokens are capped at the new role on use); a new password ends every
          // session but the one that set it.
          if (disables || changesRole) await endSessions(tx, { userId: id }, at);
          else if (passwordHash)
            await endSessions(tx, { userId: id, exceptId: isSelf ? actor.sessionId : null }, at);
          if (disables) await revokeApiTokensOf(tx, id, at);

          const name = input.name ?? target.name;
          if (changed.length > 0) {
            await recordChangeOf(tx, actor, 'user.updated', id, `Updated ${name}: ${changed.join(', ')}`, at);
          }
          if (disables || enables) {
            const description = `${disables ? 'Disabled' : 'Enabled'} ${name}`;
            await recordChangeOf(tx, actor, disables ? 'user.disabled' : 'user.enabled', id, description, at);
          }
        }),
      );
      return readUser(id);
    },

    async remove(actor, id) {
      const at = now();
      await withLockedUser(id, async (tx, target) => {
        if (!canManageUserOfRole(actor.role, target.roleName as RoleName))
          throw forbidden(USER_MESSAGES.cannotManageOwner);
        if (target.id === actor.id) throw forbidden(USER_MESSAGES.cannotDeleteSelf);
        const { refusal } = await lastActiveOwnerRule(tx, id);
        if (refusal) throw conflict(refusal);
        // Soft delete: history and activity keep the row; the partial unique index frees the email for reuse.
        await tx.update(users).set({ deletedAt: at, updatedAt: at }).where(eq(users.id, id));
        await tx.delete(clientUsers).where(eq(clientUsers.userId, id));
        await endSessions(tx, { userId: id }, at);
        await revokeApiTokensOf(tx, id, at);
        await recordChangeOf(tx, actor, 'user.deleted', id, `Deleted ${target.name} (${target.email})`, at);
      });
    },

    async clientsOf(id) {
      await getRow(id);
      return userClients(db, id, now());
    },

    async assignClients(actor, id, clientUuids) {
      const at = now();
      await db.transaction(async (tx) => {
        // NO KEY UPDATE serialises two replacements of this user's set (services/clients/assignments.ts locks the clients).
        const [target] = await tx
          .select({ id: users.id, name: users.name, roleName: roles.name })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(liveUser(id))
          .for('no key update', { of: users });
        if (!target) throw notFound('User');
        // An owner's assignments are part of managing the owner, which only an owner does.
        if (!canManageUserOfRole(actor.role, target.roleName as RoleName))
          throw forbidden(USER_MESSAGES.cannotAssignOwnerClients);
        const change = await replaceAssignments(tx, { user: id }, clientUuids, at, {
          unknown: (clientId) => validationFailed({ clientUuids: unknownClientMessage(clientId) }),
        });
        if (!change) return;
        const description = `Clients of ${target.name}: ${change.summary}`;
        await recordChangeOf(tx, actor, 'user.clients_assigned', id, description, at);
      });
      return userClients(db, id, now());
    },

    bulk(actor, action, ids) {
      // Exactly `PUT /users/{id} {isActive}` for each: who may manage whom, not oneself, never the last owner.
      const isActive = action === 'enable';
      return runBulk(ids, (id) => service.update(actor, id, { isActive }), activeStatus);
    },

    async selectionIds(query) {
      const { where } = listFilter(users, [users.name, users.email], query);
      const [rows, totals] = await Promise.all([
        db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(...newestFirst(users))
          .limit(MAX_SELECTION_IDS),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { ids: rows.map((row) => row.id), total: totals[0]?.n ?? 0 };
    },
  };
  return service;
}

/** The live clients assigned to a user, as the snake_case rows of docs/requirements.md#entities, by name. */
async function userClients(db: Db, userId: string, at: Date): Promise<UserClient[]> {
  const rows = await db
    .select(userClientColumns(at))
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, userId), isNull(clients.deletedAt)))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    description: r.description,
    contact_email: r.contactEmail,
    contact_phone: r.contactPhone,
    is_active: r.isActive,
    certificate_count: r.certificateCount,
    active_certificates: r.activeCertificates,
    created_at: r.createdAt.getTime(),
  }));
}
