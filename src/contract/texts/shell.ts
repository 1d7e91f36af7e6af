// The console shell: sign-in, layout, navigation, access denied, not found, change password, page titles and the words the lists share. Quoted once (docs/requirements.md); src/contract/ui-texts.ts gathers every area.

/** Sign-in screen (docs/requirements.md#screens). */
export const SIGN_IN_TEXTS = {
  heading: 'Sign In',
  subtitle: 'Enter your credentials to access the system',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  submit: 'Sign In',
  submitting: 'Signing in...',
  checking: 'Checking authentication...',
  /** While the server says which ways to sign in it offers (GET /auth/methods). */
  loadingMethods: 'Loading the ways to sign in...',
} as const;

/** Layout and access control (docs/requirements.md#product and #screens). */
export const LAYOUT_TEXTS = {
  authenticating: 'Authenticating...',
  logout: 'Logout',
  /** The top bar's link to the Account page. */
  account: 'Account',
  mainNavigation: 'Main navigation',
  /** Below 1024 px the sidebar is a drawer, opened by this top-bar button (docs/adr/0022-sidebar-shell.md). */
  menu: 'Menu',
  closeNavigation: 'Close navigation',
  /** The sidebar's button that narrows it to icons, and the one that widens it again. */
  collapseNavigation: 'Collapse navigation',
  expandNavigation: 'Expand navigation',
  /** Below 768 px the user's name and role, the theme, Account and Logout move into this menu. */
  accountMenu: 'Account menu',
  navGroups: { main: 'Licensing', admin: 'Administration' },
  /** The trail above a detail page's title. */
  breadcrumbs: 'Breadcrumbs',
  skipToContent: 'Skip to content',
} as const;

/**
 * Navigation labels, by group, in the order the sidebar lists them (docs/requirements.md#screens names the first
 * four; the rest came after). `icon` names its picture in src/ui/Icon.
 */
export const NAV_ITEMS = [
  { path: '/', label: 'Dashboard', group: 'main', icon: 'dashboard' },
  { path: '/clients', label: 'Clients', group: 'main', icon: 'building' },
  { path: '/certificates', label: 'Certificates', group: 'main', icon: 'certificate' },
  // Staff users, for owners and admins: administration since the sidebar grouped the pages.
  { path: '/users', label: 'Users', group: 'admin', icon: 'users' },
  // The audit log, for owners and admins.
  { path: '/activity', label: 'Activity', group: 'admin', icon: 'activity' },
  // Not in the requirements: automation credentials, for owners and admins.
  { path: '/api-tokens', label: 'API tokens', group: 'admin', icon: 'key' },
  // Signed webhooks, for owners and admins.
  { path: '/webhooks', label: 'Webhooks', group: 'admin', icon: 'webhook' },
  // How everyone signs in (password sign-in, two-factor codes for all), for owners.
  { path: '/settings', label: 'Settings', group: 'admin', icon: 'settings' },
] as const;

/** The keyboard shortcuts and the dialog that lists them (`?`). */
export const SHORTCUT_TEXTS = {
  title: 'Keyboard shortcuts',
  openSearch: 'Search for anything',
  focusListSearch: 'Search the current list',
  showShortcuts: 'Show these shortcuts',
  goTo: (page: string) => `Go to ${page}`,
  /** How the dialog writes a key press and a sequence. */
  then: 'then',
} as const;

export const ACCESS_DENIED_TEXTS = {
  title: 'Access Denied',
  message: "You don't have permission to access this page.",
  goBack: 'Go Back',
  goToDashboard: 'Go to Dashboard',
} as const;

export const NOT_FOUND_TEXTS = {
  title: 'Page Not Found',
  message: 'There is no page at this address.',
  goToDashboard: 'Go to Dashboard',
} as const;

/**
 * In place of a page that failed: its code did not load (most often the console was updated since the tab opened it,
 * or the connection dropped) or it failed while drawing. Not in the requirements: before, React Router's own
 * developer screen showed.
 */
export const PAGE_ERROR_TEXTS = {
  title: 'This Page Could Not Be Shown',
  message:
    'The console may have been updated since this tab opened it, or the connection dropped. Reload to try again.',
  reload: 'Reload',
} as const;

/**
 * A dialog whose code loads when it first opens (src/lib/lazy/lazy-dialog.tsx) and did not load: the dialog closes,
 * the page stays as it was, and the next opening tries again.
 */
export const DIALOG_LOAD_ERROR_TEXTS = {
  title: 'This Dialog Could Not Be Opened',
  description: 'Its code did not load: the connection may have dropped. Try again in a moment.',
} as const;

/** The change-password dialog on the Account page (the requirements have no text for it). */
export const CHANGE_PASSWORD_TEXTS = {
  title: 'Change password',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  submit: 'Change password',
  submitting: 'Changing password...',
  cancel: 'Cancel',
  mismatch: 'Passwords do not match',
  successTitle: 'Password Changed',
  successDescription: 'Your password has been changed.',
} as const;

/** Page titles of the four console routes (docs/requirements.md#screens). */
export const PAGE_TITLES = {
  dashboard: 'Dashboard',
  users: 'Users',
  clients: 'Clients',
  certificates: 'Certificates',
} as const;

/** Shared words of the users and clients lists (docs/requirements.md#screens). */
export const LIST_TEXTS = {
  active: 'Active',
  inactive: 'Inactive',
  never: 'Never',
  notProvided: 'Not provided',
  previous: 'Previous',
  next: 'Next',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  delete: 'Delete',
  deleting: 'Deleting...',
  close: 'Close',
  /** The button on the toast of a change that can be taken back (disabling a user). */
  undo: 'Undo',
  /** The button of a page's load-failed banner, which loads it again. */
  retry: 'Retry',
  /** A panel whose data did not load, under the page's one banner that says why. */
  notLoaded: 'Not loaded.',
  statusFilterLabel: 'Status',
  statusAll: 'All',
  loading: 'Loading...',
} as const;
