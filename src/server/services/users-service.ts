// Managed staff users (docs/requirements.md#calls "Users"): list, read, create, edit, enable/disable, soft delete and the
// user's client assignments. Role rules of the API issue are enforced here, so every caller gets them.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS, canManageUserOfRole, type Role, type RoleName } from '../../contract/roles';
import {
  USER_MESSAGES,
  unknownClientMessage,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserClient,
  type UsersList,
  type UsersQuery,
} from '../../contract/users';
import type { Db, Tx } from '../db/client';
import { clientUsers, clients, roles, users } from '../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../errors';
import { recordActivity } from './audit';
import type { Actor, AppContext } from './context';
import { liveActiveCertificatesSql } from './counters';
import { hashPassword } from './passwords';
import { revokeUserRefreshTokens } from './refresh-tokens';
import { findUserById, toUser, userColumns, type UserRow } from './staff-users';
import { containsPattern, isUniqueViolation } from '../db/rows';

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

async function activeOwnerCount(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.owner), eq(users.isActive, true), isNull(users.deletedAt)));
  return row?.n ?? 0;
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

export function createUsersService(ctx: AppContext): UsersService {
  const { db, now } = ctx;

  async function getRow(id: string): Promise<UserRow> {
    const row = await findUserById(db, id);
    if (!row) throw notFound('User');
    return row;
  }

  /** Refuses a role the API never gives; returns the role otherwise. */
  async function assignableRole(roleId: number) {
    const role = await roleById(db, roleId);
    if (!role) throw validationFailed({ roleId: USER_MESSAGES.unknownRole });
    if (role.name === 'owner') throw validationFailed({ roleId: USER_MESSAGES.ownerRoleNotAssignable });
    return role;
  }

  async function assertEmailFree(q: Db | Tx, email: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          isNull(users.deletedAt),
          exceptId ? ne(users.id, exceptId) : undefined,
        ),
      );
    if (taken) throw conflict(USER_MESSAGES.emailTaken);
  }

  /** Runs a write; a concurrent insert of the same email (the unique index) becomes the same 409 as the pre-check. */
  async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_live_key')) throw conflict(USER_MESSAGES.emailTaken);
      throw error;
    }
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

  return {
    async list(query) {
      const pattern = containsPattern(query.search);
      const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
      if (pattern) conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
      if (query.status) conditions.push(eq(users.isActive, query.status === 'active'));
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          // Newest first, in the order of the index `users_created_at`.
          .orderBy(sql`${users.createdAt} desc nulls last`, asc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { users: rows.map(toUser), total: totals[0]?.n ?? 0, page: query.page, limit: query.limit };
    },

    async assignableRoles() {
      const rows = await db.select().from(roles).where(ne(roles.name, 'owner')).orderBy(asc(roles.id));
      return rows.map((r) => ({ id: r.id, uuid: r.uuid, name: r.name as RoleName }));
    },

    async get(id) {
      return toUser(await getRow(id));
    },

    async create(actor, input) {
      const role = await assignableRole(input.roleId);
      await assertEmailFree(db, input.email);
      const passwordHash = await hashPassword(input.password);
      const id = randomUUID();
      const at = now();
      await guardEmail(() =>
        db.transaction(async (tx) => {
          await tx.insert(users).values({
            id,
            name: input.name,
            email: input.email,
            passwordHash,
            roleId: role.id,
            createdAt: at,
            updatedAt: at,
          });
          await recordActivity(tx, actor, {
            type: 'user.created',
            targetType: 'user',
            targetId: id,
            description: `Created ${role.name} ${input.name} (${input.email})`,
            at,
          });
        }),
      );
      return toUser(await getRow(id));
    },

    async update(actor, id, input) {
      const newRole = input.roleId === undefined ? undefined : await roleById(db, input.roleId);
      if (input.roleId !== undefined && !newRole)
        throw validationFailed({ roleId: USER_MESSAGES.unknownRole });
      // Hashing is slow: done before the transaction so row locks are held briefly.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const at = now();

      await guardEmail(() =>
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
          if (
            target.roleName === 'owner' &&
            target.isActive &&
            (disables || changesRole) &&
            (await activeOwnerCount(tx)) <= 1
          ) {
            throw conflict(USER_MESSAGES.lastActiveOwner);
          }
          const newEmail =
            input.email !== undefined && input.email !== target.email ? input.email : undefined;
          const changesEmail = newEmail !== undefined;
          if (newEmail !== undefined) await assertEmailFree(tx, newEmail, id);

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
          // A disabled user must not refresh again; a password set by someone else ends the user's sessions.
          // (Changing one's own password here leaves one's sessions alone: /auth/password does that while keeping the caller's.)
          if (disables || (passwordHash && !isSelf)) await revokeUserRefreshTokens(tx, id, at);

          const name = input.name ?? target.name;
          if (changed.length > 0) {
            await recordActivity(tx, actor, {
              type: 'user.updated',
              targetType: 'user',
              targetId: id,
              description: `Updated ${name}: ${changed.join(', ')}`,
              at,
            });
          }
          if (disables || enables) {
            await recordActivity(tx, actor, {
              type: disables ? 'user.disabled' : 'user.enabled',
              targetType: 'user',
              targetId: id,
              description: `${disables ? 'Disabled' : 'Enabled'} ${name}`,
              at,
            });
          }
        }),
      );
      return toUser(await getRow(id));
    },

    async remove(actor, id) {
      const at = now();
      await withLockedUser(id, async (tx, target) => {
        if (!canManageUserOfRole(actor.role, target.roleName as RoleName))
          throw forbidden(USER_MESSAGES.cannotManageOwner);
        if (target.id === actor.id) throw forbidden(USER_MESSAGES.cannotDeleteSelf);
        if (target.roleName === 'owner' && target.isActive && (await activeOwnerCount(tx)) <= 1)
          throw conflict(USER_MESSAGES.lastActiveOwner);
        // Soft delete: history and activity keep the row; the partial unique index frees the email for reuse.
        await tx.update(users).set({ deletedAt: at, updatedAt: at }).where(eq(users.id, id));
        await tx.delete(clientUsers).where(eq(clientUsers.userId, id));
        await revokeUserRefreshTokens(tx, id, at);
        await recordActivity(tx, actor, {
          type: 'user.deleted',
          targetType: 'user',
          targetId: id,
          description: `Deleted ${target.name} (${target.email})`,
          at,
        });
      });
    },

    async clientsOf(id) {
      await getRow(id);
      return userClients(db, id, now());
    },

    async assignClients(actor, id, clientUuids) {
      const wanted = [...new Set(clientUuids)];
      const at = now();
      await db.transaction(async (tx) => {
        // NO KEY UPDATE serialises two replacements of this user's set; the clients get KEY SHARE, which a client
        // delete (FOR UPDATE) waits for, while a concurrent replacement of a client's set (NO KEY UPDATE) does not.
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
        const found = wanted.length
          ? await tx
              .select({ id: clients.id })
              .from(clients)
              .where(and(inArray(clients.id, wanted), isNull(clients.deletedAt)))
              .orderBy(asc(clients.id))
              .for('key share')
          : [];
        const foundIds = new Set(found.map((c) => c.id));
        const missing = wanted.find((c) => !foundIds.has(c));
        if (missing) throw validationFailed({ clientUuids: unknownClientMessage(missing) });

        const before = new Set(
          (
            await tx
              .select({ clientId: clientUsers.clientId })
              .from(clientUsers)
              .where(eq(clientUsers.userId, id))
          ).map((r) => r.clientId),
        );
        const added = wanted.filter((c) => !before.has(c));
        const removed = [...before].filter((c) => !foundIds.has(c));
        if (added.length === 0 && removed.length === 0) return;
        if (removed.length)
          await tx
            .delete(clientUsers)
            .where(and(eq(clientUsers.userId, id), inArray(clientUsers.clientId, removed)));
        if (added.length) {
          await tx
            .insert(clientUsers)
            .values(added.map((clientId) => ({ clientId, userId: id, createdAt: at })))
            .onConflictDoNothing();
        }
        await recordActivity(tx, actor, {
          type: 'user.clients_assigned',
          targetType: 'user',
          targetId: id,
          description: `Clients of ${target.name}: ${wanted.length} assigned (${added.length} added, ${removed.length} removed)`,
          at,
        });
      });
      return userClients(db, id, now());
    },
  };
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
