// The API tokens screen (the requirements have no text for it): its texts, toasts and data-call
// fallbacks. src/contract/ui-texts.ts gathers every area.

/** The API tokens screen: list, create (with the secret shown once) and revoke. */
export const API_TOKENS_TEXTS = {
  title: 'API tokens',
  description:
    "Programs that call the API (a CRM, a billing job) sign in with a token instead of a person's password. A token acts with exactly its role's rights.",
  create: 'Create API token',
  tableLabel: 'API tokens',
  columns: {
    name: 'Name',
    role: 'Role',
    token: 'Token',
    createdBy: 'Created by',
    created: 'Created',
    lastUsed: 'Last used',
    expires: 'Expires',
    actions: 'Actions',
  },
  /** A token as lists show it: the first characters of its secret, then an ellipsis. */
  prefixShown: (prefix: string) => `${prefix}…`,
  never: 'Never',
  expiredOn: (day: string) => `Expired ${day}`,
  revoke: 'Revoke',
  loading: 'Loading API tokens...',
  empty: 'No API tokens yet.',
  emptyDescription:
    'Create one for each program that calls the API, so that you can revoke it without touching the others.',

  createTitle: 'Create API token',
  nameLabel: 'Name',
  nameDescription: 'What uses it, e.g. CRM sync.',
  roleLabel: 'Role',
  roleDescription: 'The token can do what a user of this role can, never more than you.',
  expiresLabel: 'Expires on (optional)',
  expiresDescription: 'Leave it empty for a token that does not expire.',
  createSubmit: 'Create token',
  creating: 'Creating...',
  cancel: 'Cancel',

  createdTitle: 'API token created',
  /** The secret is shown this once: the server keeps only its hash. */
  secretNotice: 'Copy this token now. It will not be shown again.',
  secretUsage: 'Programs send it in the header Authorization: Bearer lc_…',
  secretLabel: 'Token',
  copy: 'Copy',
  copied: 'Copied',
  copiedStatus: 'Token copied to the clipboard.',
  copyFailed: 'Copying is not allowed here. The token is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.',
  done: 'Done',

  revokeTitle: 'Revoke API token',
  revokeConfirm: (name: string) => `Revoke API token '${name}'? Programs using it will stop working at once.`,
  revokeSubmit: 'Revoke',
  revoking: 'Revoking...',
} as const;

/** Toasts of the API tokens screen; a failure's description is the server's message when it sent one. */
export const API_TOKENS_TOASTS = {
  revoked: { title: 'API Token Revoked', description: (name: string) => `'${name}' has been revoked.` },
  createFailed: { title: 'Create Failed', description: 'Failed to create API token. Please try again.' },
  revokeFailed: { title: 'Revoke Failed', description: 'Failed to revoke API token. Please try again.' },
} as const;

/** The API tokens data calls' texts when the server sends no message. */
export const API_TOKENS_ERRORS = {
  fetchApiTokens: 'Failed to fetch API tokens',
  createApiToken: 'Failed to create API token',
  revokeApiToken: 'Failed to revoke API token',
} as const;
