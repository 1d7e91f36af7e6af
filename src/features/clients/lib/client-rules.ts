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
