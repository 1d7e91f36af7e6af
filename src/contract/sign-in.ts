// How staff sign in beyond a password (docs/sign-in.md): two-factor codes (TOTP, RFC 6238) with recovery
// codes, single sign-on through an OpenID Connect provider, and the owners' sign-in settings.
import { z } from 'zod';
import { enteredPasswordSchema, tokenSetSchema } from './auth';
import { dataOf, epochMsSchema } from './common';

/**
 * Error texts of two-factor codes and single sign-on, quoted once (server and console). Beside MESSAGES rather than
 * in it: MESSAGES loads with the console's first screen, and these only with the screens that sign in.
 */
export const SIGN_IN_MESSAGES = {
  invalidMfaCode: 'Invalid code',
  mfaCodeRequired: 'Code is required',
  mfaSignInExpired: 'Your sign-in has expired. Please sign in again.',
  mfaNotPending: 'Start the set-up again: there is no authenticator waiting to be confirmed',
  mfaAlreadyEnabled: 'Two-factor sign-in is already on',
  mfaNotEnabled: 'Two-factor sign-in is not on',
  mfaRequiredForAll: 'Two-factor sign-in is required for every password account',
  mfaNeedsPassword: 'Two-factor codes are for accounts that sign in with a password',
  // Adding an authenticator with only an access token would let whoever stole one make the codes theirs.
  mfaEnrolmentNeedsPassword: 'Enter your current password to set up two-factor sign-in',
  // The stored secret no longer decrypts (the secrets key was lost or replaced, docs/sign-in.md "The secrets key").
  mfaSecretUnreadable:
    'Codes from your authenticator can no longer be checked. Use a recovery code, or ask an owner or admin to reset your two-factor sign-in.',
  passwordLoginDisabled: 'Password sign-in is turned off. Use single sign-on.',
  ssoNotConfigured: 'Single sign-on is not configured',
} as const;

/** The authenticator's code: six digits, a new one every 30 seconds. */
export const MFA_CODE_DIGITS = 6;
export const MFA_PERIOD_SECONDS = 30;
/** Recovery codes handed out at enrolment: each signs in once in place of a code. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the token between a sign-in's password and its code lasts. */
export const MFA_TOKEN_TTL_SECONDS = 300;

/** A code from the authenticator app or a recovery code; which one it is, the server tells. */
export const mfaCodeSchema = z
  .string({ error: SIGN_IN_MESSAGES.mfaCodeRequired })
  .trim()
  .min(1, { error: SIGN_IN_MESSAGES.mfaCodeRequired })
  .max(64, { error: SIGN_IN_MESSAGES.invalidMfaCode });

const mfaTokenSchema = z
  .string({ error: SIGN_IN_MESSAGES.mfaSignInExpired })
  .min(1, { error: SIGN_IN_MESSAGES.mfaSignInExpired })
  .max(2048, { error: SIGN_IN_MESSAGES.mfaSignInExpired });

/** `POST /auth/login/mfa`: the second step of a sign-in. */
export const mfaLoginRequestSchema = z.object({ mfaToken: mfaTokenSchema, code: mfaCodeSchema });
/** The session, and the recovery codes when this step also confirmed an enrolment the owners required. */
export const mfaLoginResponseSchema = dataOf(
  tokenSetSchema.extend({ recoveryCodes: z.array(z.string()).optional() }),
);
export type MfaLoginAnswer = z.infer<typeof mfaLoginResponseSchema>['data'];

/** `POST /auth/login/mfa/enrolment`: an enrolment during a sign-in the owners' rule holds back. */
export const mfaLoginEnrolmentRequestSchema = z.object({ mfaToken: mfaTokenSchema });

/**
 * `POST /auth/mfa/enrolment`: adding an authenticator takes the current password, as turning it off does. A body
 * without it (or no body at all) is refused with the same words.
 */
export const mfaEnrolmentRequestSchema = z.object(
  {
    password: z
      .string({ error: SIGN_IN_MESSAGES.mfaEnrolmentNeedsPassword })
      .min(1, { error: SIGN_IN_MESSAGES.mfaEnrolmentNeedsPassword })
      .max(1024),
  },
  { error: SIGN_IN_MESSAGES.mfaEnrolmentNeedsPassword },
);

/** A new authenticator to add: the secret as text (base32) and as the `otpauth://` URI the QR code carries. */
export const mfaEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;
export const mfaEnrolmentResponseSchema = dataOf(mfaEnrolmentSchema);

/** `POST /auth/mfa/enrolment/confirm`: a code from the new authenticator turns two-factor sign-in on. */
export const mfaConfirmRequestSchema = z.object({ code: mfaCodeSchema });
export const recoveryCodesResponseSchema = dataOf(z.object({ recoveryCodes: z.array(z.string()) }));

/** `DELETE /auth/mfa`: turning one's own codes off takes the current password. */
export const mfaDisableRequestSchema = z.object({
  password: enteredPasswordSchema,
});

/** `GET /auth/mfa`: the caller's two-factor state, for the Account page. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: epochMsSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The owners require codes of every password account: turning them off is refused. */
  required: z.boolean(),
  /** Whether the account has a password at all (an account made by single sign-on has none, nor codes). */
  available: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusResponseSchema = dataOf(mfaStatusSchema);

/** `GET /auth/methods`, asked before sign-in: what the sign-in page offers. */
export const signInMethodsSchema = z.object({
  /** Password sign-in for everyone; when false only owners may use it (the emergency path). */
  password: z.boolean(),
  /** The single sign-on provider's display name, or null when none is configured. */
  sso: z.object({ displayName: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
export const signInMethodsResponseSchema = dataOf(signInMethodsSchema);

/** `GET`/`PUT /settings/sign-in`: the owners' settings of how everyone signs in. */
export const signInSettingsSchema = z.object({
  passwordLogin: z.boolean(),
  mfaRequired: z.boolean(),
  sso: z.object({ configured: z.boolean(), displayName: z.string(), issuer: z.string().nullable() }),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;
export const signInSettingsResponseSchema = dataOf(signInSettingsSchema);
export const updateSignInSettingsRequestSchema = z
  .object({ passwordLogin: z.boolean().optional(), mfaRequired: z.boolean().optional() })
  .refine((body) => body.passwordLogin !== undefined || body.mfaRequired !== undefined, {
    error: 'Nothing to change',
  });
export type UpdateSignInSettings = z.infer<typeof updateSignInSettingsRequestSchema>;

/** Where the console sends the browser to sign in with the provider (a navigation, not a fetch), under `/api/v1`. */
export const OIDC_START_PATH = '/auth/oidc/start';
/** Where the provider sends the browser back: the redirect URI is `PUBLIC_URL` + `/api/v1` + this. */
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';

/** `GET /auth/oidc/start?next=`: where to land after signing in (a path of the console; anything else is `/`). */
export const oidcStartQuerySchema = z.object({ next: z.string().max(2048).optional() });

const callbackParameter = z.string().max(4096).optional();
/**
 * `GET /auth/oidc/callback`: the provider's answer (OAuth 2.0 and RFC 9207). Providers add parameters of their own
 * (`session_state`, Google's `authuser`, `hd`, `prompt`, `scope`), so unlisted ones are accepted, unlike elsewhere in
 * the API; the callback reads only these.
 */
export const oidcCallbackQuerySchema = z.looseObject({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
  error_uri: callbackParameter,
});

/**
 * Why a single sign-on ended back on the sign-in page: the callback redirects to `/login?sso=<reason>` and the page
 * says it in plain words (texts in src/contract/texts/sign-in.ts).
 */
export const SSO_FAILURES = [
  // The provider answered with an error, or the callback did not verify (state, code, signature, audience, expiry,
  // nonce).
  'failed',
  // The provider could not be reached or single sign-on is not configured.
  'unavailable',
  // No console account has that e-mail, and accounts are not made on first sign-in.
  'unknown_user',
  // The console account is disabled.
  'disabled',
  // The provider's groups map to no console role.
  'no_role',
  // The provider did not send a verified e-mail.
  'no_email',
  // Too many failed sign-ins for the account or from the address: the same hold-back as a password sign-in's.
  'throttled',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
/** The query parameter of `/login` that carries an SSO failure. */
export const SSO_FAILURE_PARAM = 'sso';
