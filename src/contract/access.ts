// Roles, what each may do and which console routes each may open, without zod: the console's entry reads them.
// roles.ts re-exports them beside the role schemas.
/** The four staff roles, most powerful first. */
export const ROLE_NAMES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Fixed small-integer ids of the seeded roles (the `roleId` sent on save). */
export const ROLE_IDS: Record<RoleName, number> = { owner: 1, admin: 2, editor: 3, viewer: 4 };

/** What a role may do; the server enforces it and the console hides what a role may not do. */
export type Capability =
  | 'dashboard:read'
  // The command palette's search (`GET /search`): every role; what it finds follows the role's reads.
  | 'search:read'
  | 'clients:read'
  | 'clients:write'
  | 'clients:delete'
  | 'certificates:read'
  | 'certificates:write'
  | 'certificates:delete'
  | 'users:manage'
  | 'webhooks:manage'
  | 'mail:manage'
  // Sign-in settings (password sign-in, two-factor for all): owners only.
  | 'settings:manage';

/**
 * Owners and admins hold these capabilities alike: they differ in whose accounts they may change (an admin leaves an
 * owner's alone), which the users service rules on, and owners alone change how everyone signs in.
 */
const EVERY_CAPABILITY: readonly Capability[] = [
  'dashboard:read',
  'search:read',
  'clients:read',
  'clients:write',
  'clients:delete',
  'certificates:read',
  'certificates:write',
  'certificates:delete',
  'users:manage',
  'webhooks:manage',
  'mail:manage',
];

const CAPABILITIES: Record<RoleName, readonly Capability[]> = {
  owner: [...EVERY_CAPABILITY, 'settings:manage'],
  admin: EVERY_CAPABILITY,
  editor: [
    'dashboard:read',
    'search:read',
    'clients:read',
    'clients:write',
    'certificates:read',
    'certificates:write',
  ],
  viewer: ['dashboard:read', 'search:read', 'clients:read', 'certificates:read'],
};

/** Whether a role has a capability (docs/requirements.md#roles plus the server rules of the API issue). */
export function can(role: RoleName, capability: Capability): boolean {
  return CAPABILITIES[role].includes(capability);
}

/** Whether an actor of one role may edit, disable or delete a user of another role. */
export function canManageUserOfRole(actor: RoleName, target: RoleName): boolean {
  if (!can(actor, 'users:manage')) return false;
  return target !== 'owner' || actor === 'owner';
}

/** Console routes and who may open them (docs/requirements.md#screens). */
export const ROUTE_ACCESS = {
  '/': ROLE_NAMES,
  '/users': ['owner', 'admin'],
  '/clients': ROLE_NAMES,
  '/certificates': ROLE_NAMES,
  '/account': ROLE_NAMES,
  '/api-tokens': ['owner', 'admin'],
  // The audit log: the whole log, security events included, is for the roles that manage users.
  '/activity': ['owner', 'admin'],
  // Signed webhooks: who may manage them (`webhooks:manage`).
  '/webhooks': ['owner', 'admin'],
  // Sign-in settings: `settings:manage`.
  '/settings': ['owner'],
} as const satisfies Record<string, readonly RoleName[]>;
