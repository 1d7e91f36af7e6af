// The console account a single sign-on signs into (docs/sign-in.md "Accounts and roles"): found by the provider's
// subject first, by e-mail at the first sign-in (which then stores the subject), or made when auto-provisioning is on;
// its role follows the provider's groups when a role claim is configured, but single sign-on never gives, changes or
// removes the owner role.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ROLE_IDS } from '../../../contract/roles';
import type { Db, Tx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { recordChangeOf } from '../shared/audit';
import { endSessions } from '../auth/sessions';
import { findUserById, insertUser, userColumns, type UserRow } from '../users/staff-users';
import { SsoRefusal } from './failures';
import { mappedRole, type SsoIdentity } from './identity';
import type { OidcSettings, SsoRole } from './settings';

/** Who makes the changes single sign-on writes (a role from the groups, an account made at a first sign-in). */
export const SSO_ACTOR = { id: null, name: 'Single sign-on' } as const;

type LinkedUserRow = UserRow & { oidcIssuer: string | null; oidcSubject: string | null };

const linkedColumns = { ...userColumns, oidcIssuer: users.oidcIssuer, oidcSubject: users.oidcSubject };

const linkedUsers = (db: Db | Tx) =>
  db.select(linkedColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId));

/** The live account already linked to this identity, or the live account with its e-mail. */
export async function findAccount(db: Db, identity: SsoIdentity): Promise<LinkedUserRow | undefined> {
  const [bySubject] = await linkedUsers(db).where(
    and(
      eq(users.oidcIssuer, identity.issuer),
      eq(users.oidcSubject, identity.subject),
      isNull(users.deletedAt),
    ),
  );
  if (bySubject) return bySubject;
  const [byEmail] = await linkedUsers(db).where(
    and(sql`lower(${users.email}) = lower(${identity.email})`, isNull(users.deletedAt)),
  );
  return byEmail;
}

const refusalFor = (row: UserRow) => ({ id: row.id, name: row.name, email: row.email });

/**
 * The role the provider's groups give, or the refusal: with a role claim configured a non-owner needs a group that
 * maps to a role (`no_role`); without one, accounts keep the console's roles.
 */
function roleFromGroups(settings: OidcSettings, identity: SsoIdentity): SsoRole | null {
  return settings.roleClaim ? mappedRole(identity.roleValues, settings.roleMap) : null;
}

/**
 * Checks the account found (or its absence) against the rules, before anything is written: an account linked to
 * another subject of this issuer is not this person's; a missing one is made only with auto-provisioning; a disabled
 * one stays refused; a non-owner needs a role from the groups when a role claim is configured.
 */
export function refusalOf(
  settings: OidcSettings,
  identity: SsoIdentity,
  account: LinkedUserRow | undefined,
): SsoRefusal | null {
  if (
    account?.oidcSubject &&
    account.oidcIssuer === identity.issuer &&
    account.oidcSubject !== identity.subject
  ) {
    // The e-mail now belongs to someone else at the provider (a reused address): the account stays its owner's.
    return new SsoRefusal(
      'unknown_user',
      "the account with this e-mail is linked to another of the provider's users",
      refusalFor(account),
    );
  }
  if (!account) {
    if (!settings.autoProvision)
      return new SsoRefusal(
        'unknown_user',
        'no account has this e-mail (accounts are not made at sign-in)',
        undefined,
        identity.email,
      );
    if (settings.roleClaim && !roleFromGroups(settings, identity))
      return new SsoRefusal(
        'no_role',
        "the provider's groups give no console role",
        undefined,
        identity.email,
      );
    return null;
  }
  if (!account.isActive) return new SsoRefusal('disabled', 'account disabled', refusalFor(account));
  if (settings.roleClaim && account.roleName !== 'owner' && !roleFromGroups(settings, identity))
    return new SsoRefusal('no_role', "the provider's groups give no console role", refusalFor(account));
  return null;
}

/**
 * Brings the account in line with the provider, in one transaction, and returns it as it signs in: made (no password,
 * the mapped role or OIDC_DEFAULT_ROLE), linked to the subject at its first single sign-on, and given the role its
 * groups map to when that changed (with its activity row; other sessions end, as after any role change).
 * `refusalOf` has passed.
 */
export async function applyIdentity(
  db: Db,
  settings: OidcSettings,
  identity: SsoIdentity,
  account: LinkedUserRow | undefined,
  at: Date,
): Promise<UserRow> {
  const mapped = roleFromGroups(settings, identity);
  const id = await db.transaction(async (tx) => {
    // A deleted account keeps its subject (the unique index covers it): released, so the person can be linked again.
    await tx
      .update(users)
      .set({ oidcIssuer: null, oidcSubject: null })
      .where(
        and(
          eq(users.oidcIssuer, identity.issuer),
          eq(users.oidcSubject, identity.subject),
          isNotNull(users.deletedAt),
        ),
      );
    const oidc = { issuer: identity.issuer, subject: identity.subject };
    if (!account) {
      const role = mapped ?? settings.defaultRole;
      return insertUser(
        tx,
        SSO_ACTOR,
        {
          name: identity.name,
          email: identity.email,
          passwordHash: null,
          role: { id: ROLE_IDS[role], name: role },
          oidc,
        },
        at,
        ` at their first single sign-on (${settings.displayName})`,
      );
    }
    const isLinked = account.oidcIssuer === oidc.issuer && account.oidcSubject === oidc.subject;
    const newRole = mapped && account.roleName !== 'owner' && mapped !== account.roleName ? mapped : null;
    if (isLinked && !newRole) return account.id;
    await tx
      .update(users)
      .set({
        ...(isLinked ? {} : { oidcIssuer: oidc.issuer, oidcSubject: oidc.subject }),
        ...(newRole ? { roleId: ROLE_IDS[newRole], updatedAt: at } : {}),
      })
      .where(eq(users.id, account.id));
    if (newRole) {
      await endSessions(tx, { userId: account.id }, at);
      const description = `Updated ${account.name}: role ${account.roleName} → ${newRole} (groups at ${settings.displayName})`;
      await recordChangeOf(tx, SSO_ACTOR, 'user.updated', account.id, description, at);
    }
    return account.id;
  });
  const row = await findUserById(db, id);
  if (!row) throw new Error('the account signed in with single sign-on is gone');
  return row;
}
