import type { ClientBulkAction } from '../../../contract/bulk';
import { can, type RoleName } from '../../../contract/roles';

/** What the signed-in role may do on the clients screen (docs/requirements.md#roles and the server's role rules). */
export interface ClientPermissions {
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** Assigning users needs the users list, which only owners and admins may read. */
  assignUsers: boolean;
}

export function clientPermissions(role: RoleName): ClientPermissions {
  return {
    create: can(role, 'clients:write'),
    edit: can(role, 'clients:write'),
    delete: can(role, 'clients:delete'),
    assignUsers: can(role, 'users:manage'),
  };
}

/**
 * The bulk actions offered on selected clients: for a role that may edit clients, Activate unless every
 * selected client is known to be active, Deactivate unless every one is known to be inactive (clients selected from
 * the server's ids unseen may be either).
 */
export function clientBulkActions(
  permissions: ClientPermissions,
  selected: readonly { isActive: boolean }[],
  hasUnseen: boolean,
): ClientBulkAction[] {
  if (!permissions.edit) return [];
  const actions: ClientBulkAction[] = [];
  if (hasUnseen || selected.some((client) => !client.isActive)) actions.push('activate');
  if (hasUnseen || selected.some((client) => client.isActive)) actions.push('deactivate');
  return actions;
}
