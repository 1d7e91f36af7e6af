// Texts of single sign-on, two-factor codes and the owners' sign-in settings (docs/sign-in.md).
import { MESSAGES } from '../messages';
import type { SsoFailure } from '../sign-in';

/** The sign-in page beyond the password form. */
export const SSO_TEXTS = {
  signInWith: (provider: string) => `Sign in with ${provider}`,
  or: 'or',
  /** With password sign-in turned off: the owners' emergency path, folded away. */
  ownerPasswordToggle: 'Owner sign-in with a password',
  passwordOff: 'Password sign-in is turned off for staff. Owners may still use it.',
} as const;

/** Why a single sign-on came back to the sign-in page, in plain words (the `?sso=` reason). */
export const SSO_FAILURE_TEXTS: Record<SsoFailure, string> = {
  failed: 'Single sign-on did not complete. Please try again.',
  unavailable: 'Single sign-on is not available right now. Please try again later.',
  unknown_user: 'No console account uses this e-mail address. Ask an administrator to add you.',
  disabled: MESSAGES.accountDisabled,
  no_role: 'Your groups at the identity provider do not give access to this console.',
  no_email: 'The identity provider did not confirm your e-mail address.',
  throttled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
};

/** The second step of a sign-in: the code, and enrolment when the owners require it. */
export const MFA_SIGN_IN_TEXTS = {
  heading: 'Two-factor sign-in',
  subtitle: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Code',
  submit: 'Verify',
  submitting: 'Verifying...',
  back: 'Use a different account',
  enrolHeading: 'Set up two-factor sign-in',
  enrolSubtitle: 'Your organisation requires a code from an authenticator app at every sign-in.',
  enrolLoading: 'Preparing your authenticator...',
  enrolFailed: 'Could not start the set-up. Please sign in again.',
  savedHeading: 'Save your recovery codes',
  continue: 'Continue to the console',
} as const;

/** Adding an authenticator and the recovery codes it hands out (the sign-in page and the Account page alike). */
export const AUTHENTICATOR_TEXTS = {
  scan: 'Scan this QR code with your authenticator app (such as 1Password, Google Authenticator or Microsoft Authenticator).',
  qrLabel: 'QR code for your authenticator app',
  qrLoading: 'Drawing the QR code...',
  secretLabel: 'Or enter this key by hand',
  codeLabel: 'Code from the app',
  codeHint: 'The 6-digit code the app shows for License Console.',
  confirm: 'Turn on',
  confirming: 'Turning on...',
  recoveryIntro:
    'Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are shown only now.',
  recoveryListLabel: 'Recovery codes',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download',
  downloadName: 'license-console-recovery-codes.txt',
} as const;

/** The Account page's two-factor section. */
export const MFA_ACCOUNT_TEXTS = {
  heading: 'Two-factor sign-in',
  on: (date: string) => `On since ${date}`,
  off: 'Off',
  description: 'Ask for a code from an authenticator app after your password.',
  recoveryLeft: (count: number) => `${count} recovery code${count === 1 ? '' : 's'} left`,
  required: 'Required by your organisation',
  ssoOnly: 'Your account signs in with single sign-on; your identity provider asks for any second factor.',
  setUp: 'Set up',
  setUpTitle: 'Set up two-factor sign-in',
  setUpPasswordBody: 'Enter your current password to add an authenticator app to your account.',
  continue: 'Continue',
  checkingPassword: 'Checking...',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off two-factor sign-in?',
  turnOffBody: 'Sign-in will ask for your password only. Your recovery codes stop working.',
  passwordLabel: 'Current password',
  turningOff: 'Turning off...',
  loadFailed: 'Could not load your two-factor settings',
  done: 'Done',
} as const;

export const MFA_TOASTS = {
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  reset: {
    title: 'Two-Factor Reset',
    description: (name: string) =>
      `${name} signs in with their password alone until they set up a new authenticator.`,
  },
  resetFailed: {
    title: 'Reset Failed',
    description: 'Failed to reset two-factor sign-in. Please try again.',
  },
} as const;

export const MFA_ERRORS = {
  fetchStatus: 'Failed to load two-factor settings',
  enrol: 'Failed to start two-factor set-up',
  confirm: 'Failed to turn on two-factor sign-in',
  disable: 'Failed to turn off two-factor sign-in',
  reset: 'Failed to reset two-factor sign-in',
} as const;

/** Resetting another user's second factor (the users screens). */
export const MFA_RESET_TEXTS = {
  action: 'Reset two-factor',
  title: (name: string) => `Reset two-factor sign-in for ${name}?`,
  body: 'They will sign in with their password alone and can set up a new authenticator from their Account page. Use this when they lost their phone.',
  confirm: 'Reset',
  resetting: 'Resetting...',
  /** The user's page: whether they sign in with codes. */
  detailLabel: 'Two-factor sign-in',
  on: 'On',
  off: 'Off',
} as const;

/** The owners' Settings page (`/settings`). */
export const SETTINGS_TEXTS = {
  heading: 'Settings',
  nav: 'Settings',
  signInHeading: 'Sign-in',
  ssoHeading: 'Single sign-on',
  ssoConfigured: (provider: string) => `Staff can sign in with ${provider}.`,
  ssoIssuer: 'Identity provider',
  ssoNotConfigured:
    'Not configured. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET on the server to sign in through your identity provider.',
  passwordLogin: 'Password sign-in for staff',
  passwordLoginDescription:
    'When off, only owners may sign in with a password (their emergency path); everyone else uses single sign-on.',
  passwordLoginNeedsSso: 'Configure single sign-on before turning password sign-in off.',
  mfaRequired: 'Require two-factor codes',
  mfaRequiredDescription:
    'Every account that signs in with a password must use an authenticator app; those without one set it up at their next sign-in.',
  loading: 'Loading sign-in settings...',
  confirmPasswordOffTitle: 'Turn off password sign-in for staff?',
  confirmPasswordOffBody: (provider: string) =>
    `Staff will sign in with ${provider} only. Owners keep their password sign-in in case the provider is down.`,
  confirmPasswordOff: 'Turn off',
} as const;

export const SETTINGS_TOASTS = {
  passwordLoginOn: { title: 'Settings Saved', description: 'Staff may sign in with a password again.' },
  passwordLoginOff: { title: 'Settings Saved', description: 'Staff sign in with single sign-on only.' },
  mfaRequiredOn: {
    title: 'Settings Saved',
    description: 'Two-factor codes are required at every password sign-in.',
  },
  mfaRequiredOff: { title: 'Settings Saved', description: "Two-factor codes are each user's choice." },
  saveFailed: { title: 'Save Failed', description: 'Failed to save the sign-in settings. Please try again.' },
} as const;

export const SETTINGS_ERRORS = {
  fetch: 'Failed to load the sign-in settings',
  update: 'Failed to save the sign-in settings',
} as const;
