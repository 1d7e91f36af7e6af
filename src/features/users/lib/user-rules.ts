import type { UserBulkAction } from '../../../contract/bulk';
import { can, canManageUserOfRole, type RoleName } from '../../../contract/roles';

/** A user as far as the role rules care: who they are and their role (the signed-in one, or a listed one). */
export interface Actor {
  uuid: string;
  role: { name: RoleName };
}

/** Which row actions the signed-in user sees on a user (docs/requirements.md#users-screen Users; the server enforces the same). */
export interface UserRowActions {
  edit: boolean;
  toggleActive: boolean;
  clients: boolean;
  delete: boolean;
  /** Ends every session of the user; one's own end on the Account page instead. */
  signOutEverywhere: boolean;
  /** Turns the user's two-factor codes off when they lost their authenticator; one's own, on the Account page. */
  resetMfa: boolean;
}

/**
 * An admin sees no action on an owner; nobody sees Disable or Delete on themselves (the server
 * refuses both), nor Sign out everywhere (their own sessions are on the Account page; a disabled
 * user has none left); only owners and admins manage users at all.
 */
export function userRowActions(
  actor: Actor,
  target: Actor & { isActive?: boolean; mfaEnabled?: boolean },
): UserRowActions {
  const isManageable = canManageUserOfRole(actor.role.name, target.role.name);
  const isSelf = actor.uuid === target.uuid;
  return {
    edit: isManageable,
    toggleActive: isManageable && !isSelf,
    clients: isManageable,
    delete: isManageable && !isSelf,
    signOutEverywhere: isManageable && !isSelf && target.isActive !== false,
    resetMfa: isManageable && !isSelf && target.mfaEnabled === true,
  };
}

/** Whether the add button shows (the route guard already keeps others out; this keeps the page honest too). */
export const canAddUsers = (actor: Actor) => can(actor.role.name, 'users:manage');

/**
 * The role on the edit form is shown read-only (and not sent) for an owner, whose role is given
 * only from the command line, and for oneself, since the server refuses changing one's own role.
 */
export function isRoleReadOnly(actor: Actor, target: Actor | null): boolean {
  if (!target) return false;
  return target.role.name === 'owner' || target.uuid === actor.uuid;
}

/**
 * The bulk actions offered on selected users: none unless the signed-in user may enable and disable
 * every selected user seen (no owner for an admin, never themselves); then Enable unless every one is known to be
 * active, Disable unless every one is known to be disabled. Users selected from the server's ids unseen may be
 * either; the server's outcome names any it refused.
 */
export function userBulkActions(
  actor: Actor,
  selected: readonly (Actor & { isActive: boolean })[],
  hasUnseen: boolean,
): UserBulkAction[] {
  if (!can(actor.role.name, 'users:manage')) return [];
  if (selected.some((user) => !userRowActions(actor, user).toggleActive)) return [];
  const actions: UserBulkAction[] = [];
  if (hasUnseen || selected.some((user) => !user.isActive)) actions.push('enable');
  if (hasUnseen || selected.some((user) => user.isActive)) actions.push('disable');
  return actions;
}
