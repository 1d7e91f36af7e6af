// The Account page (the signed-in user and their sessions) and the users row's "Sign out everywhere" (the
// requirements have no text for either). src/contract/ui-texts.ts gathers every area.

/** The Account page: who is signed in, and where. */
export const ACCOUNT_TEXTS = {
  title: 'Account',
  detailsHeading: 'Your details',
  nameLabel: 'Name',
  emailLabel: 'Email',
  roleLabel: 'Role',
  passwordHint: 'Changing your password also signs you out of your other sessions.',
  sessionsHeading: 'Sessions',
  sessionsDescription:
    'Where you are signed in. Sign out of any session you do not recognise: it ends at once on that device.',
  sessionsLabel: 'Your sessions',
  loading: 'Loading sessions...',
  labels: {
    address: 'Address',
    signedIn: 'Signed in',
    lastUsed: 'Last used',
  },
  /** The badge of the session this browser is using. */
  thisDevice: 'This device',
  unknownAddress: 'Unknown address',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  /** Only this device is signed in: nothing else to end. */
  onlyThisDevice: 'You are signed in only on this device.',
  signOutOthers: 'Sign out other sessions',
  /** The zone every time is shown in, kept in this browser. */
  timeZoneHeading: 'Time zone',
  timeZoneDescription:
    'Times across the console are shown in this zone, named after each time. Validity periods are whole days in UTC whatever you choose. The choice is kept in this browser.',
  timeZoneLabel: 'Show times in',
  timeZoneOptions: {
    local: (zone: string) => `This browser's time zone (${zone})`,
    utc: 'UTC',
  },
  signOutOthersConfirm: (count: number) =>
    `${count === 1 ? 'Sign out your other session?' : `Sign out your ${count} other sessions?`} You stay signed in on this device; everywhere else you will have to sign in again.`,
} as const;

/** How a session's browser is named (src/lib/format/user-agent.ts). */
export const USER_AGENT_TEXTS = {
  /** A session that sent no user agent. */
  unknown: 'Unknown browser',
  browserOn: (browser: string, platform: string) => `${browser} on ${platform}`,
} as const;

/** Toasts of the Account page; a failure's description is the server's message when it sent one. */
export const ACCOUNT_TOASTS = {
  sessionEnded: { title: 'Signed Out', description: (browser: string) => `${browser} has been signed out.` },
  otherSessionsEnded: {
    title: 'Signed Out',
    description: 'Your other sessions have been signed out.',
  },
  endSessionFailed: {
    title: 'Sign Out Failed',
    description: 'Failed to sign out the session. Please try again.',
  },
  endOtherSessionsFailed: {
    title: 'Sign Out Failed',
    description: 'Failed to sign out your other sessions. Please try again.',
  },
} as const;

/** The Account page's data calls' texts when the server sends no message. */
export const ACCOUNT_ERRORS = {
  fetchSessions: 'Failed to fetch sessions',
  endSession: 'Failed to sign out the session',
  endOtherSessions: 'Failed to sign out other sessions',
} as const;

/** The users row's "Sign out everywhere", for owners and admins on the users they may manage. */
export const USER_SESSIONS_TEXTS = {
  signOutEverywhere: 'Sign out everywhere',
  confirmTitle: 'Sign out everywhere',
  confirm: (name: string) => `Sign out ${name} everywhere? They will have to sign in again on every device.`,
  signingOut: 'Signing out...',
} as const;

/** Its toasts; a failure's description is the server's message when it sent one. */
export const USER_SESSIONS_TOASTS = {
  signedOut: {
    title: 'Signed Out Everywhere',
    description: (name: string) => `${name} has been signed out on every device.`,
  },
  failed: { title: 'Sign Out Failed', description: 'Failed to sign the user out. Please try again.' },
} as const;

/** Its data call's text when the server sends no message. */
export const USER_SESSIONS_ERRORS = {
  endUserSessions: 'Failed to sign the user out',
} as const;
