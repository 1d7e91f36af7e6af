// Sign-in, refresh, validate, logout and password change.
import { eq } from 'drizzle-orm';
import type { TokenSet } from '../../contract/auth';
import { MESSAGES } from '../../contract/errors';
import type { SessionUser } from '../../contract/auth';
import { users } from '../db/schema';
import { accountDisabled, unauthenticated, validationFailed } from '../errors';
import type { AccessTokens } from './access-tokens';
import { recordActivity } from './audit';
import type { AppContext } from './context';
import { beginSignInAttempt, signInSucceeded } from './login-throttle';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import {
  issueRefreshToken,
  revokeFamilyOf,
  revokeUserRefreshTokens,
  rotateRefreshToken,
} from './refresh-tokens';
import { findUserByEmail, findUserById, toUser } from './staff-users';

export interface AuthService {
  login(email: string, password: string, ip: string): Promise<TokenSet>;
  refresh(refreshToken: string, ip: string): Promise<{ accessToken: string; refreshToken: string }>;
  validate(token: string): Promise<SessionUser | null>;
  logout(refreshToken: string, ip: string): Promise<void>;
  changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    ip: string,
    keepRefreshToken?: string,
  ): Promise<void>;
  /** The live, active user an access token belongs to, or null. */
  userForAccessToken(token: string): Promise<SessionUser | null>;
}

export function createAuthService(ctx: AppContext, accessTokens: AccessTokens): AuthService {
  const { db, env, now, log } = ctx;

  async function activeUser(userId: string) {
    const row = await findUserById(db, userId);
    return row && row.isActive ? row : undefined;
  }

  return {
    async login(email, password, ip) {
      const at = now();
      const row = await findUserByEmail(db, email);
      if (env.LOGIN_RATE_LIMIT) {
        try {
          // Counted before the password is checked, so guesses sent in parallel are held back too.
          await beginSignInAttempt(db, email, ip, at);
        } catch (error) {
          log.warn({ event: 'auth.login.throttled', userId: row?.id, ip }, 'sign-in throttled');
          throw error;
        }
      }
      const isMatch = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyDummyPassword(password);
      if (!row || !isMatch) {
        log.warn({ event: 'auth.login.failed', userId: row?.id, ip }, 'sign-in failed');
        throw unauthenticated(MESSAGES.invalidCredentials);
      }
      if (!row.isActive) {
        log.warn({ event: 'auth.login.disabled', userId: row.id, ip }, 'sign-in refused: account disabled');
        throw accountDisabled();
      }
      if (env.LOGIN_RATE_LIMIT) await signInSucceeded(db, email, ip, at);
      const refreshToken = await db.transaction(async (tx) => {
        await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, row.id));
        return issueRefreshToken(tx, row.id, at);
      });
      log.info({ event: 'auth.login', userId: row.id, ip }, 'signed in');
      return {
        accessToken: await accessTokens.issue(row.id),
        refreshToken,
        user: toUser({ ...row, lastLoginAt: at }),
      };
    },

    async refresh(refreshToken, ip) {
      const result = await rotateRefreshToken(db, refreshToken, now());
      if (!result.ok) {
        if (result.reason === 'reused') {
          log.warn(
            { event: 'auth.refresh.reuse', userId: result.userId, ip },
            'refresh token reused: family revoked',
          );
        }
        throw unauthenticated(MESSAGES.invalidRefreshToken);
      }
      if (!(await activeUser(result.userId))) {
        await revokeUserRefreshTokens(db, result.userId, now());
        throw unauthenticated(MESSAGES.invalidRefreshToken);
      }
      return { accessToken: await accessTokens.issue(result.userId), refreshToken: result.token };
    },

    async validate(token) {
      return this.userForAccessToken(token);
    },

    async logout(refreshToken, ip) {
      const userId = await revokeFamilyOf(db, refreshToken, now());
      log.info({ event: 'auth.logout', userId, ip }, 'signed out');
    },

    async changePassword(userId, currentPassword, newPassword, ip, keepRefreshToken) {
      const row = await findUserById(db, userId);
      if (!row) throw unauthenticated();
      const at = now();
      // The current password is a password guess like a sign-in's: a stolen access token must not guess freely.
      if (env.LOGIN_RATE_LIMIT) {
        try {
          await beginSignInAttempt(db, row.email, ip, at);
        } catch (error) {
          log.warn({ event: 'auth.password_change.throttled', userId, ip }, 'password change throttled');
          throw error;
        }
      }
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        log.warn(
          { event: 'auth.password_change.failed', userId, ip },
          'password change refused: wrong current password',
        );
        throw validationFailed({ currentPassword: MESSAGES.wrongCurrentPassword });
      }
      if (env.LOGIN_RATE_LIMIT) await signInSucceeded(db, row.email, ip, at);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
        await revokeUserRefreshTokens(tx, userId, now(), keepRefreshToken);
        await recordActivity(tx, row, {
          type: 'user.password_changed',
          targetType: 'user',
          targetId: userId,
          description: `${row.name} changed their password`,
        });
      });
      log.info({ event: 'auth.password_changed', userId, ip }, 'password changed');
    },

    async userForAccessToken(token) {
      const userId = await accessTokens.verify(token);
      if (!userId) return null;
      const row = await activeUser(userId);
      return row ? toUser(row) : null;
    },
  };
}
