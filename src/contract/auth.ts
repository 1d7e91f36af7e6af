import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { roleSchema } from './roles';
import { dataOf, epochMsSchema } from './common';

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

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type TokenSet = z.infer<typeof tokenSetSchema>;
export const loginResponseSchema = dataOf(tokenSetSchema);

export const refreshRequestSchema = z.object({
  refreshToken: z
    .string({ error: 'Refresh token is required' })
    .min(1, { error: 'Refresh token is required' })
    .max(512),
});
export const refreshResponseSchema = dataOf(z.object({ accessToken: z.string(), refreshToken: z.string() }));

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
  /** The caller's own refresh token: its family survives, every other one of the user's is revoked. */
  refreshToken: z.string().max(512).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const configResponseSchema = z.object({ apiUrl: z.string() });
