// API tokens for automation: created by owners and admins with a role no higher than their own (never owner),
// shown once, stored as a SHA-256 hash, revoked at once. A token acts with its role capped at its creator's
// current role, and stops working when its creator is disabled or deleted (docs/adr/0008-refresh-cookie-and-sessions.md).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_SECRET_BYTES,
  API_TOKEN_SHOWN_CHARACTERS,
  apiTokenActorName,
  type ApiToken,
  type ApiTokenRole,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '../../../contract/api-tokens';
import { ROLE_IDS, ROLE_NAMES, type RoleName } from '../../../contract/roles';
import type { Db, Tx } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { epochOrNull } from '../../db/rows';
import { forbidden, notFound, validationFailed } from '../../errors';
import { recordActivity } from '../shared/audit';
import type { Actor, AppContext } from '../shared/context';
import { SESSION_RETENTION_MS } from '../auth/sessions';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** lastUsedAt is written at most this often per token, so a busy integration does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const roleNameOf = (id: number): RoleName => ROLE_NAMES.find((name) => ROLE_IDS[name] === id) ?? 'viewer';
/** The less powerful of two roles (a higher id is a lesser role). */
const lesserRole = (a: number, b: number) => roleNameOf(Math.max(a, b));

/** Who calls with a valid token. */
export interface ApiTokenPrincipal {
  tokenId: string;
  /** As history and the activity log name the token: "API token 'CRM sync'". */
  actorName: string;
  role: RoleName;
}

export interface ApiTokensService {
  create(actor: Actor, input: CreateApiTokenRequest): Promise<CreatedApiToken>;
  list(): Promise<ApiToken[]>;
  revoke(actor: Actor, id: string): Promise<void>;
  /** The principal of a presented secret, or null when it is unknown, revoked, expired or its creator is gone. */
  authenticate(secret: string): Promise<ApiTokenPrincipal | null>;
}

const creators = alias(users, 'creators');

export function createApiTokensService(ctx: AppContext): ApiTokensService {
  const { db, now } = ctx;

  return {
    async create(actor, input) {
      if (ROLE_IDS[input.role] < ROLE_IDS[actor.role]) throw forbidden(API_TOKEN_MESSAGES.roleAboveCreator);
      const at = now();
      if (input.expiresAt !== undefined && input.expiresAt <= at.getTime())
        throw validationFailed({ expiresAt: API_TOKEN_MESSAGES.expiresInPast });
      const token = `${API_TOKEN_PREFIX}${randomBytes(API_TOKEN_SECRET_BYTES).toString('base64url')}`;
      const prefix = token.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARACTERS);
      const id = randomUUID();
      const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
      await db.transaction(async (tx) => {
        await tx.insert(apiTokens).values({
          id,
          name: input.name,
          roleId: ROLE_IDS[input.role],
          prefix,
          tokenHash: hashSecret(token),
          createdBy: actor.id,
          createdAt: at,
          expiresAt,
        });
        await recordActivity(tx, actor, {
          type: 'api_token.created',
          targetType: 'api_token',
          targetId: id,
          description: `Created API token '${input.name}' (${input.role})`,
          at,
        });
      });
      return {
        id,
        name: input.name,
        role: input.role,
        prefix,
        createdAt: at.getTime(),
        expiresAt: epochOrNull(expiresAt),
        token,
      };
    },

    async list() {
      const rows = await db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          roleId: apiTokens.roleId,
          prefix: apiTokens.prefix,
          createdAt: apiTokens.createdAt,
          expiresAt: apiTokens.expiresAt,
          lastUsedAt: apiTokens.lastUsedAt,
          creatorId: creators.id,
          creatorName: creators.name,
        })
        .from(apiTokens)
        .innerJoin(creators, eq(creators.id, apiTokens.createdBy))
        .where(isNull(apiTokens.revokedAt))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        role: roleNameOf(row.roleId) as ApiTokenRole,
        prefix: row.prefix,
        createdAt: row.createdAt.getTime(),
        expiresAt: epochOrNull(row.expiresAt),
        lastUsedAt: epochOrNull(row.lastUsedAt),
        createdBy: { uuid: row.creatorId, name: row.creatorName },
      }));
    },

    async revoke(actor, id) {
      const at = now();
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(apiTokens)
          .set({ revokedAt: at })
          .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
          .returning({ name: apiTokens.name });
        if (!revoked) throw notFound('API token');
        await recordActivity(tx, actor, {
          type: 'api_token.revoked',
          targetType: 'api_token',
          targetId: id,
          description: `Revoked API token '${revoked.name}'`,
          at,
        });
      });
    },

    async authenticate(secret) {
      const at = now();
      const [row] = await db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          roleId: apiTokens.roleId,
          lastUsedAt: apiTokens.lastUsedAt,
          creatorRoleId: creators.roleId,
        })
        .from(apiTokens)
        .innerJoin(creators, eq(creators.id, apiTokens.createdBy))
        .where(
          and(
            eq(apiTokens.tokenHash, hashSecret(secret)),
            isNull(apiTokens.revokedAt),
            or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, at)),
            isNull(creators.deletedAt),
            eq(creators.isActive, true),
          ),
        );
      if (!row) return null;
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
        await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, row.id));
      return {
        tokenId: row.id,
        actorName: apiTokenActorName(row.name),
        role: lesserRole(row.roleId, row.creatorRoleId),
      };
    },
  };
}

/** Revokes every live token a user created (the user was disabled or deleted). */
export async function revokeApiTokensOf(tx: Db | Tx, userId: string, at: Date): Promise<void> {
  await tx
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)));
}

/** Deletes tokens revoked or expired longer than the retention period ago. */
export async function purgeApiTokens(db: Db, at: Date): Promise<void> {
  const before = new Date(at.getTime() - SESSION_RETENTION_MS);
  await db
    .delete(apiTokens)
    .where(
      or(
        lt(apiTokens.revokedAt, before),
        and(isNotNull(apiTokens.expiresAt), lt(apiTokens.expiresAt, before)),
      ),
    );
}

/** Whether a bearer credential has the shape of an API token (rather than a JWT access token). */
export const isApiTokenSecret = (credential: string) => credential.startsWith(API_TOKEN_PREFIX);
