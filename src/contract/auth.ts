import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { roleSchema } from './roles';
import { dataOf, emailAddress, epochMsSchema, INVALID_EMAIL } from './common';

// The cookie names live in cookies.ts, which does not load zod: the console's first script reads them.
export * from './cookies';

/** The signed-in user as the session holds it. */
export const sessionUserSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  lastLoginAt: epochMsSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A password as typed to prove who one is (sign-in, turning two-factor codes off): only required, never ruled on. */
export const enteredPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(1024);

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(254)
    .pipe(emailAddress(INVALID_EMAIL)),
  password: enteredPasswordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type TokenSet = z.infer<typeof tokenSetSchema>;
/** A sign-in's session, as the last step of every sign-in answers it. */
export const tokenSetResponseSchema = dataOf(tokenSetSchema);

/**
 * A password accepted for an account with two-factor codes: the sign-in goes on at `POST /auth/login/mfa` with this
 * short-lived token and a code (docs/sign-in.md).
 */
export const mfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
/** A password accepted while owners require two-factor codes and the account has none yet: it enrols first. */
export const mfaEnrolmentChallengeSchema = z.object({
  mfaEnrolmentRequired: z.literal(true),
  mfaToken: z.string(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema> | z.infer<typeof mfaEnrolmentChallengeSchema>;
export const loginResponseSchema = dataOf(
  z.union([tokenSetSchema, mfaChallengeSchema, mfaEnrolmentChallengeSchema]),
);
export type LoginAnswer = z.infer<typeof loginResponseSchema>['data'];

/**
 * The refresh call: API clients send the refresh token in the body; the console sends none and is authenticated by
 * the HttpOnly `lc_refresh` cookie instead (docs/adr/0008-refresh-cookie-and-sessions.md).
 */
export const refreshRequestSchema = z.preprocess(
  // A bodiless refresh (the cookie's) reads as an empty one.
  (body) => body ?? {},
  z.object({
    refreshToken: z
      .string({ error: 'Refresh token is required' })
      .min(1, { error: 'Refresh token is required' })
      .max(512)
      .optional(),
  }),
);
/** A refresh answered to the cookie leaves the new refresh token out of the body: only the cookie carries it. */
export const refreshResponseSchema = dataOf(
  z.object({ accessToken: z.string(), refreshToken: z.string().optional() }),
);
export const validateRequestSchema = z.object({
  token: z.string({ error: 'Token is required' }).max(4096),
});
export const validateResponseSchema = dataOf(
  z.union([
    z.object({ valid: z.literal(true), user: sessionUserSchema }),
    z.object({ valid: z.literal(false) }),
  ]),
);
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const logoutRequestSchema = refreshRequestSchema;

/** One sign-in of a user, as the Account page lists it. */
export const sessionSchema = z.object({
  id: z.uuid(),
  createdAt: epochMsSchema,
  lastUsedAt: epochMsSchema,
  userAgent: z.string(),
  ipAddress: z.string(),
  /** The session the caller is using. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = dataOf(z.array(sessionSchema));
export const sessionParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

/** A new password: 8 to 128 characters. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(1024),
  newPassword: passwordSchema,
  /** Accepted for older clients and ignored: the caller's own session (the access token's) is the one kept. */
  refreshToken: z.string().max(512).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const configResponseSchema = z.object({ apiUrl: z.string() });
