// Console texts: the spec's words (§2, §8) quoted once, plus the few texts the spec leaves to us.

/** Sign-in screen (spec §2). */
export const SIGN_IN_TEXTS = {
  heading: 'Sign In',
  subtitle: 'Enter your credentials to access the system',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  submit: 'Sign In',
  submitting: 'Signing in...',
  checking: 'Checking authentication...',
} as const;

/** Layout and access control (spec §1, §2). */
export const LAYOUT_TEXTS = {
  authenticating: 'Authenticating...',
  logout: 'Logout',
  changePassword: 'Change password',
  mainNavigation: 'Main navigation',
} as const;

/** Navigation labels in the order the spec lists them (spec §2). */
export const NAV_ITEMS = [
  { path: '/', label: 'Dashboard' },
  { path: '/users', label: 'Users' },
  { path: '/clients', label: 'Clients' },
  { path: '/certificates', label: 'Certificates' },
] as const;

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

/** The change-password dialog (issue 3; the spec has no text for it). */
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

/** Page titles of the four console routes (spec §2). */
export const PAGE_TITLES = {
  dashboard: 'Dashboard',
  users: 'Users',
  clients: 'Clients',
  certificates: 'Certificates',
} as const;
