// The Activity screen: the audit log with its filters. Not in the requirements; worded like the other lists.
import type { ActivityTargetType, ActivityType } from '../dashboard';

export const ACTIVITY_ERRORS = {
  fetchLog: 'Failed to fetch activity',
  export: 'Failed to export activity',
  fetchActors: 'Failed to fetch users',
} as const;

/**
 * How each known activity type reads in the action filter and the table. A Record, so a type added to
 * ACTIVITY_TYPES without its label does not compile.
 */
export const ACTIVITY_ACTION_LABELS: Record<ActivityType, string> = {
  'certificate.created': 'Certificate created',
  'certificate.updated': 'Certificate updated',
  'certificate.activated': 'Certificate activated',
  'certificate.downloaded': 'Licence downloaded',
  'certificate.renewed': 'Certificate renewed',
  'certificate.transferred': 'Certificate transferred',
  'certificate.revoked': 'Certificate revoked',
  'certificate.expired': 'Certificate expired',
  'certificate.deleted': 'Certificate deleted',
  'client.created': 'Client created',
  'client.updated': 'Client updated',
  'client.users_assigned': 'Users assigned to client',
  'client.deleted': 'Client deleted',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.password_reset': 'Password reset',
  'user.password_changed': 'Password changed',
  'user.clients_assigned': 'Clients assigned to user',
  'user.session_ended': 'Session ended',
  'user.sessions_ended': 'Signed out everywhere',
  'user.deleted': 'User deleted',
  'user.preferences_changed': 'Expiry reminders changed',
  'user.mfa_enabled': 'Two-factor sign-in turned on',
  'user.mfa_disabled': 'Two-factor sign-in turned off',
  'user.mfa_reset': 'Two-factor sign-in reset',
  'auth.signed_in': 'Signed in',
  'auth.sign_in_refused': 'Sign-in refused',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'signing_key.created': 'Signing key created',
  'signing_key.current': 'Signing key made current',
  'signing_key.rotated': 'Signing key rotated',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook signing secret rotated',
  'webhook.disabled': 'Webhook disabled',
  'settings.sign_in_changed': 'Sign-in settings changed',
  'settings.certificate_defaults_changed': 'Certificate defaults changed',
  'backup.created': 'Backup made',
  'backup.downloaded': 'Backup downloaded',
};

export const ACTIVITY_TEXTS = {
  title: 'Activity',
  description: 'Every recorded change and security event: who did what, and when.',
  tableLabel: 'Activity log',
  columns: {
    time: 'Time',
    actor: 'Actor',
    action: 'Action',
    about: 'About',
    description: 'Description',
  },
  filters: {
    label: 'Filters',
    actor: 'Actor',
    anyActor: 'Anyone',
    action: 'Action',
    anyAction: 'Any action',
    type: 'Type',
    anyType: 'Any type',
    from: 'From',
    to: 'To',
    search: 'Search descriptions',
    searchPlaceholder: 'Search descriptions...',
    clear: 'Clear filters',
  },
  typeLabels: { certificate: 'Certificate', client: 'Client', user: 'User' } satisfies Record<
    ActivityTargetType,
    string
  >,
  /**
   * What a row is about, as its link to the item's own page reads (a user's link is their name); kinds
   * without a page of their own, and deleted users, are named only.
   */
  about: {
    certificate: 'Certificate',
    client: 'Client',
    user: 'User',
    apiToken: 'API token',
    signingKey: 'Signing key',
    other: (targetType: string) => targetType.replaceAll('_', ' '),
  },
  /** Each link's accessible name says which row it belongs to. */
  aboutLabel: (link: string, description: string) => `${link}: ${description}`,
  sortByTime: 'Sort by time',
  loading: 'Loading activity...',
  empty: 'No activity has been recorded yet.',
  emptyFiltered: 'No activity matches these filters.',
  pageNoun: 'entries',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Export Failed',
  /** A short list of the activity of one person or item, on its own page. */
  feed: {
    tableLabel: 'Recent activity',
    pagerLabel: 'Recent activity pages',
  },
} as const;
