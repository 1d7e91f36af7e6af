// Client companies (docs/requirements.md#calls "Clients"): list, read, create, edit, soft delete and the client's users.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CLIENT_MESSAGES,
  clientUserAsSeenBy,
  unknownUserMessage,
  type Client,
  type ClientUser,
  type VisibleClientUser,
  type ClientsList,
  type ClientSortKey,
  type ClientsQuery,
  type ClientsSelectionQuery,
  type createClientRequestSchema,
  type updateClientRequestSchema,
} from '../../../contract/clients';
import { canManageUserOfRole, type RoleName } from '../../../contract/roles';
import { USER_MESSAGES } from '../../../contract/users';
import {
  MAX_SELECTION_IDS,
  type ActiveStatus,
  type BulkOutcome,
  type ClientBulkAction,
  type SelectionIds,
} from '../../../contract/bulk';
import type { Db, Tx } from '../../db/client';
import { clientUsers, clients, roles, users } from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../errors';
import { listOrder } from '../../db/sql';
import { recordChangeOf } from '../shared/audit';
import { activeStatus, runBulk } from '../shared/bulk';
import type { Actor, AppContext } from '../shared/context';
import {
  adjustClientCount,
  CLIENTS_COUNTER_KEY,
  liveActiveCertificatesSql,
  readCounter,
} from '../shared/counters';
import { aliasColumns, liveSql } from '../certificates/status-rules';
import { replaceAssignments } from './assignments';
import { listFilter, newestFirst, pageOffset, uniqueAmongLive } from '../shared/live-rows';

export type CreateClientInput = z.output<typeof createClientRequestSchema>;
export type UpdateClientInput = z.output<typeof updateClientRequestSchema>;

/** The clients list's order: its sort keys, names ignoring case. */
export const clientsOrder = (query: Pick<ClientsQuery, 'sort' | 'order'>) =>
  listOrder(
    query,
    {
      name: sql`lower(${clients.name})`,
      createdAt: clients.createdAt,
      certificateCount: clients.certificateCount,
    } satisfies Record<ClientSortKey, SQLWrapper>,
    clients.id,
    newestFirst(clients),
  );

export interface ClientsService {
  list(query: ClientsQuery): Promise<ClientsList>;
  get(id: string): Promise<Client>;
  create(actor: Actor, input: CreateClientInput): Promise<Client>;
  update(actor: Actor, id: string, input: UpdateClientInput): Promise<Client>;
  remove(actor: Actor, id: string): Promise<void>;
  /** A client's users as `role` may read them (`clientUserAsSeenBy`: e-mail and role for the roles that manage users). */
  usersOf(role: RoleName, id: string): Promise<VisibleClientUser[]>;
  assignUsers(actor: Actor, id: string, userUuids: string[]): Promise<ClientUser[]>;
  /** `POST /clients/bulk`: activate or deactivate each client with the rules of `update` (per-client refusals as outcomes). */
  bulk(actor: Actor, action: ClientBulkAction, ids: readonly string[]): Promise<BulkOutcome<ActiveStatus>>;
  /** `GET /clients/ids`: the ids of the clients the list's filters match, newest first (at most MAX_SELECTION_IDS). */
  selectionIds(query: ClientsSelectionQuery): Promise<SelectionIds>;
}

const liveClient = (id: string) => and(eq(clients.id, id), isNull(clients.deletedAt));

type ClientRow = typeof clients.$inferSelect;

/**
 * Why deleting the client would be refused at `at`, or null: a pending draft or a licence in force keeps
 * its client. The one home of the rule: readers select it as `deleteRefusal` and `remove` reads it under its lock.
 * EXISTS stops at the client's first live certificate, probing the index `certificates_client_created_at`
 * (client_id first) for each client of the page. The outer id is qualified by hand, as in `liveActiveCertificatesSql`.
 */
const deleteRefusalSql = (at: Date) =>
  // OFFSET 0 keeps the EXISTS a probe per row: without it the planner, counting every client rather than the page's
  // ten, hashed the whole live set first (a scan of every certificate per list call: 41 req/s at 100,000 on PGlite).
  sql<string | null>`(case when exists (select 1 from certificates live
    where live.client_id = ${sql.raw('"clients"."id"')} and ${liveSql(at, aliasColumns('live'))} offset 0)
    then ${CLIENT_MESSAGES.hasLiveCertificates}::text end)`;

function toClient(row: ClientRow & { deleteRefusal: string | null }): Client {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address: row.address,
    isActive: row.isActive,
    remindContact: row.remindContact,
    certificateCount: row.certificateCount,
    activeCertificates: row.activeCertificates,
    createdAt: row.createdAt.getTime(),
    deleteRefusal: row.deleteRefusal,
  };
}

/**
 * A client row as readers see it: every column, with the active count corrected for past-due certificates, and
 * whether a delete would be refused now.
 */
const clientColumns = (at: Date) => ({
  ...getTableColumns(clients),
  activeCertificates: liveActiveCertificatesSql(at),
  deleteRefusal: deleteRefusalSql(at),
});

/** Company names are unique among live clients, ignoring case (the index `clients_name_live_key`). */
const uniqueName = uniqueAmongLive({
  table: clients,
  column: clients.name,
  index: 'clients_name_live_key',
  message: CLIENT_MESSAGES.nameTaken,
  field: 'name',
});

export function createClientsService(ctx: AppContext): ClientsService {
  const { db, now } = ctx;

  async function getRow(q: Db | Tx, id: string) {
    const [row] = await q.select(clientColumns(now())).from(clients).where(liveClient(id));
    if (!row) throw notFound('Client');
    return row;
  }

  /** How many live clients `where` matches: unfiltered, the live-clients counter, not a count over every client. */
  const totalOf = ({ where, filtered }: ReturnType<typeof listFilter>) =>
    filtered
      ? db
          .select({ n: count() })
          .from(clients)
          .where(where)
          .then((r) => r[0]?.n ?? 0)
      : readCounter(db, CLIENTS_COUNTER_KEY);

  const service: ClientsService = {
    async list(query) {
      const filter = listFilter(clients, [clients.name, clients.contactEmail], query);
      const [rows, totals] = await Promise.all([
        db
          .select(clientColumns(now()))
          .from(clients)
          .where(filter.where)
          .orderBy(...clientsOrder(query))
          .limit(query.limit)
          .offset(pageOffset(query)),
        totalOf(filter),
      ]);
      return { clients: rows.map(toClient), total: totals, page: query.page, limit: query.limit };
    },

    async get(id) {
      return toClient(await getRow(db, id));
    },

    async create(actor, input) {
      await uniqueName.assertFree(db, input.name);
      const id = randomUUID();
      const at = now();
      const row = await uniqueName.guard(() =>
        db.transaction(async (tx) => {
          await tx.insert(clients).values({ id, ...input, createdAt: at, updatedAt: at });
          await adjustClientCount(tx, 1);
          await recordChangeOf(tx, actor, 'client.created', id, `Created client ${input.name}`, at);
          // Read as every reader does, so `deleteRefusal` comes from its one home.
          return getRow(tx, id);
        }),
      );
      return toClient(row);
    },

    async update(actor, id, input) {
      const at = now();
      await uniqueName.guard(() =>
        db.transaction(async (tx) => {
          // NO KEY UPDATE: serialises edits and waits for a delete, without blocking certificate inserts (KEY SHARE).
          const [current] = await tx.select().from(clients).where(liveClient(id)).for('no key update');
          if (!current) throw notFound('Client');
          const newName = input.name !== undefined && input.name !== current.name ? input.name : undefined;
          if (newName !== undefined && newName.toLowerCase() !== current.name.toLowerCase())
            await uniqueName.assertFree(tx, newName, id);

          const changes: Partial<ClientRow> = {};
          const changed: string[] = [];
          if (newName !== undefined) {
            changes.name = newName;
            changed.push('name');
          }
          for (const field of ['description', 'contactEmail', 'contactPhone', 'address'] as const) {
            const value = input[field];
            if (value !== undefined && value !== current[field]) {
              changes[field] = value;
              changed.push(field);
            }
          }
          if (input.remindContact !== undefined && input.remindContact !== current.remindContact) {
            changes.remindContact = input.remindContact;
            changed.push(input.remindContact ? 'contact reminders on' : 'contact reminders off');
          }
          if (input.isActive !== undefined && input.isActive !== current.isActive) {
            changes.isActive = input.isActive;
            changed.push(input.isActive ? 'activated' : 'deactivated');
          }
          if (changed.length === 0) return current;
          const [updated] = await tx
            .update(clients)
            .set({ ...changes, updatedAt: at })
            .where(eq(clients.id, id))
            .returning();
          const description = `Updated client ${updated!.name}: ${changed.join(', ')}`;
          await recordChangeOf(tx, actor, 'client.updated', id, description, at);
          return updated!;
        }),
      );
      // Read again for the live certificate counts (the update's own row has the stored counter).
      return toClient(await getRow(db, id));
    },

    async remove(actor, id) {
      const at = now();
      await db.transaction(async (tx) => {
        // FOR UPDATE conflicts with the KEY SHARE lock a certificate insert takes on its client (foreign key), so
        // a certificate created concurrently is either seen by the check below or waits and then finds the client deleted.
        const [current] = await tx.select().from(clients).where(liveClient(id)).for('update');
        if (!current) throw notFound('Client');
        // The readers' rule, in a statement of its own after the lock: it sees a certificate committed while we waited.
        const [check] = await tx
          .select({ refusal: deleteRefusalSql(at) })
          .from(clients)
          .where(eq(clients.id, id));
        if (check?.refusal) throw conflict(check.refusal);
        // Soft delete: certificates and their history keep pointing at the row; the name is free for a new client.
        await tx.update(clients).set({ deletedAt: at, updatedAt: at }).where(eq(clients.id, id));
        await tx.delete(clientUsers).where(eq(clientUsers.clientId, id));
        await adjustClientCount(tx, -1);
        await recordChangeOf(tx, actor, 'client.deleted', id, `Deleted client ${current.name}`, at);
      });
    },

    async usersOf(role, id) {
      await getRow(db, id);
      return (await clientUsersOf(db, id)).map((user) => clientUserAsSeenBy(role, user));
    },

    async assignUsers(actor, id, userUuids) {
      const at = now();
      await db.transaction(async (tx) => {
        // Mirror of the users service's assignClients (services/clients/assignments.ts): this client NO KEY UPDATE.
        const [current] = await tx
          .select({ id: clients.id, name: clients.name })
          .from(clients)
          .where(liveClient(id))
          .for('no key update');
        if (!current) throw notFound('Client');
        const change = await replaceAssignments(tx, { client: id }, userUuids, at, {
          unknown: (userId) => validationFailed({ userUuids: unknownUserMessage(userId) }),
          // An owner's assignments are part of managing the owner, which only an owner does (as on PUT
          // /users/{id}/clients): others may replace a client's users as long as every owner stays as it was.
          mayChange: async (changed) => {
            if (canManageUserOfRole(actor.role, 'owner')) return;
            const [owner] = await tx
              .select({ id: users.id })
              .from(users)
              .innerJoin(roles, eq(roles.id, users.roleId))
              .where(and(inArray(users.id, changed), eq(roles.name, 'owner')))
              .limit(1);
            if (owner) throw forbidden(USER_MESSAGES.cannotAssignOwnerClients);
          },
        });
        if (!change) return;
        const description = `Users of ${current.name}: ${change.summary}`;
        await recordChangeOf(tx, actor, 'client.users_assigned', id, description, at);
      });
      return clientUsersOf(db, id);
    },

    bulk(actor, action, ids) {
      // Exactly `PUT /clients/{id} {isActive}` for each, with its history.
      const isActive = action === 'activate';
      return runBulk(ids, (id) => service.update(actor, id, { isActive }), activeStatus);
    },

    async selectionIds(query) {
      const filter = listFilter(clients, [clients.name, clients.contactEmail], query);
      const [rows, total] = await Promise.all([
        db
          .select({ id: clients.id })
          .from(clients)
          .where(filter.where)
          .orderBy(...newestFirst(clients))
          .limit(MAX_SELECTION_IDS),
        totalOf(filter),
      ]);
      return { ids: rows.map((row) => row.id), total };
    },
  };
  return service;
}

/** The live users assigned to a client (docs/requirements.md#entities "Client user"), by name. */
async function clientUsersOf(db: Db, clientId: string): Promise<ClientUser[]> {
  const rows = await db
    .select({
      uuid: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      roleUuid: roles.uuid,
      roleName: roles.name,
    })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(clientUsers.clientId, clientId), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    email: r.email,
    isActive: r.isActive,
    role: { uuid: r.roleUuid, name: r.roleName as RoleName },
  }));
}
