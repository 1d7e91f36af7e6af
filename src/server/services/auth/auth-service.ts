// Sign-in, refresh, validate, logout, password change, and the sessions a user (or an admin for them) can see and end.
import { eq } from 'drizzle-orm';
import type { LoginAnswer, SessionInfo, SessionUser, TokenSet } from '../../../contract/auth';
import { MESSAGES } from '../../../contract/errors';
import { canManageUserOfRole, type RoleName } from '../../../contract/roles';
import { users } from '../../db/schema';
import { accountDisabled, forbidden, notFound, unauthenticated, validationFailed } from '../../errors';
import type { AccessTokens } from './access-tokens';
import { recordActivity } from '../shared/audit';
import type { Actor, AppContext } from '../shared/context';
import { beginSignInAttempt, passwordStepSucceeded, signInSucceeded } from './login-throttle';
import { secondStepOf } from '../mfa/account-factor';
import type { MfaTokens } from '../mfa/mfa-tokens';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import type { RefreshTokens } from './refresh-tokens';
import { endSessions, findSessionUser, listSessions, startSession, type ClientInfo } from './sessions';
import type { SignInRefusals } from './sign-in-refusals';
import { readSignInRules } from './sign-in-settings';
import { findUserByEmail, findUserById, toSessionUser, type UserRow } from '../users/staff-users';
import { SIGN_IN_MESSAGES } from '../../../contract/sign-in';

/** A signed-in user and the session their access token names. */
export interface SessionPrincipal {
  user: SessionUser;
  sessionId: string;
}

export interface AuthService {
  /** The session, or the second step (a code, or an enrolment first) that two-factor sign-in asks for. */
  login(email: string, password: string, client: ClientInfo): Promise<LoginAnswer>;
  /**
   * Starts a session for a user whose identity is proven (password and code, or single sign-on): the same tokens,
   * session record, activity row and log line whichever way they came.
   */
  signIn(row: UserRow, client: ClientInfo, method: 'password' | 'sso'): Promise<TokenSet>;
  refresh(refreshToken: string, client: ClientInfo): Promise<{ accessToken: string; refreshToken: string }>;
  validate(token: string): Promise<SessionUser | null>;
  /** Ends the session of a refresh token and/or an access token's session; unknown ones are ignored. */
  logout(which: { refreshToken?: string; sessionId?: string }, client: ClientInfo): Promise<void>;
  /** Changes one's own password and ends every other session of the user (the caller's stays). */
  changePassword(
    principal: SessionPrincipal,
    currentPassword: string,
    newPassword: string,
    client: ClientInfo,
  ): Promise<void>;
  /** The user and session an access token speaks for, when both are live. */
  principalForAccessToken(token: string): Promise<SessionPrincipal | null>;
  /** The caller's live sessions. */
  sessions(principal: SessionPrincipal): Promise<SessionInfo[]>;
  /** Ends one of the caller's sessions (404 when it is not theirs). */
  endSession(principal: SessionPrincipal, sessionId: string): Promise<void>;
  /** Ends every session of the caller but the current one. */
  endOtherSessions(principal: SessionPrincipal): Promise<void>;
  /** Another user's live sessions, for the roles that may manage that user. */
  sessionsOfUser(actor: Actor, userId: string): Promise<SessionInfo[]>;
  /** Signs another user out everywhere. */
  endSessionsOfUser(actor: Actor, userId: string): Promise<void>;
}

/**
 * Whether a right password alone signs this account in (no code follows it), for the throttle's account-wide rule.
 * An account with two-factor codes on, or without a password, is not held back by other addresses' failures; an
 * unknown e-mail is treated like an account without codes, so a hold-back tells nobody whether it exists. An account
 * the owners' rule sends to enrol is without codes: whoever has its password would enrol their own authenticator.
 */
const passwordSignsIn = (row: UserRow | undefined) =>
  !row || (row.passwordHash !== null && row.mfaEnabledAt === null);

export function createAuthService(
  ctx: AppContext,
  accessTokens: AccessTokens,
  refreshTokens: RefreshTokens,
  { refusals, mfaTokens }: { refusals: SignInRefusals; mfaTokens: MfaTokens },
): AuthService {
  const { db, env, now, log } = ctx;
  const sessionsWord = (count: number) => (count === 1 ? 'session' : 'sessions');

  const issueAccessToken = (userId: string, sessionId: string) => accessTokens.issue({ userId, sessionId });

  /** The target of an admin's session call: it exists, and the actor may manage its role. */
  async function managedUser(actor: Actor, userId: string) {
    const target = await findUserById(db, userId);
    if (!target) throw notFound('User');
    if (!canManageUserOfRole(actor.role, target.roleName as RoleName)) throw forbidden();
    return target;
  }

  /**
   * Ends sessions of the caller's own (one by id, or all but the current one) and records it as theirs; ending one
   * that is not theirs, or already ended, is a 404.
   */
  async function endOwnSessions(
    principal: SessionPrincipal,
    which: { id: string } | { exceptId: string | null },
    describe: (count: number) => string,
  ) {
    const at = now();
    const { uuid: userId, name } = principal.user;
    await db.transaction(async (tx) => {
      const ended = await endSessions(tx, { ...which, userId }, at);
      if (ended.length === 0) {
        if ('id' in which) throw notFound('Session');
        return;
      }
      await recordActivity(
        tx,
        { id: userId, name },
        {
          type: 'user.session_ended',
          targetType: 'user',
          targetId: userId,
          description: `${name} ${describe(ended.length)}`,
          at,
        },
      );
    });
  }

  return {
    async login(email, password, client) {
      const at = now();
      const row = await findUserByEmail(db, email);
      if (env.LOGIN_RATE_LIMIT) {
        try {
          // Counted before the password is checked, so guesses sent in parallel are held back too.
          await beginSignInAttempt(
            db,
            { email, ip: client.ip, step: 'password', passwordIsEnough: passwordSignsIn(row) },
            at,
          );
        } catch (error) {
          await refusals.throttled('auth.login.throttled', error, email, row, client, at);
          throw error;
        }
      }
      const isMatch = row?.passwordHash
        ? await verifyPassword(row.passwordHash, password)
        : await verifyDummyPassword(password);
      if (!row || !isMatch) {
        await refusals.refuse('failed', email, row, client, at);
        throw unauthenticated(MESSAGES.invalidCredentials);
      }
      if (!row.isActive) {
        await refusals.refuse('disabled', email, row, client, at);
        throw accountDisabled();
      }
      // Read on every sign-in (docs/sign-in.md "Sign-in settings"), and only once the password is right, so the
      // refusal tells a guesser nothing a wrong password would not.
      const rules = await readSignInRules(db);
      if (!rules.passwordLogin && row.roleName !== 'owner') {
        await refusals.refuse('password_off', email, row, client, at);
        throw forbidden(SIGN_IN_MESSAGES.passwordLoginDisabled);
      }
      const challenge = await secondStepOf(db, mfaTokens, row, rules);
      if (challenge) {
        if (env.LOGIN_RATE_LIMIT) await passwordStepSucceeded(db, email, client.ip, at);
        log.info({ event: 'auth.login.second_step', userId: row.id, ip: client.ip }, 'password accepted');
        return challenge;
      }
      if (env.LOGIN_RATE_LIMIT) await signInSucceeded(db, { email, ip: client.ip, step: 'password' }, at);
      return this.signIn(row, client, 'password');
    },

    async signIn(row, client, method) {
      const at = now();
      const { sessionId, refreshToken } = await db.transaction(async (tx) => {
        await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, row.id));
        const id = await startSession(tx, row.id, client, at);
        const token = await refreshTokens.issue(tx, row.id, id, at);
        // A security event of the log, with the session it started.
        await recordActivity(
          tx,
          { id: row.id, name: row.name },
          {
            type: 'auth.signed_in',
            targetType: 'user',
            targetId: row.id,
            description: `${row.name} signed in from ${client.ip}${method === 'sso' ? ' with single sign-on' : ''}`,
            at,
          },
        );
        return { sessionId: id, refreshToken: token };
      });
      log.info({ event: 'auth.login', userId: row.id, ip: client.ip, method }, 'signed in');
      return {
        accessToken: await issueAccessToken(row.id, sessionId),
        refreshToken,
        user: toSessionUser({ ...row, lastLoginAt: at }),
      };
    },

    async refresh(refreshToken, client) {
      const result = await refreshTokens.rotate(refreshToken, client, now());
      if (!result.ok) {
        if (result.reason === 'reused') {
          log.warn(
            { event: 'auth.refresh.reuse', userId: result.userId, ip: client.ip },
            'refresh token reused after the grace window: session ended',
          );
        }
        throw unauthenticated(MESSAGES.invalidRefreshToken);
      }
      const user = await findUserById(db, result.userId);
      if (!user?.isActive) {
        await endSessions(db, { userId: result.userId }, now());
        throw unauthenticated(MESSAGES.invalidRefreshToken);
      }
      return {
        accessToken: await issueAccessToken(result.userId, result.sessionId),
        refreshToken: result.token,
      };
    },

    async validate(token) {
      return (await this.principalForAccessToken(token))?.user ?? null;
    },

    async logout({ refreshToken, sessionId }, client) {
      const ids = new Set<string>(sessionId ? [sessionId] : []);
      let userId: string | undefined;
      if (refreshToken) {
        const owner = await refreshTokens.sessionOf(refreshToken);
        if (owner) ids.add(owner.sessionId);
        userId = owner?.userId;
      }
      for (const id of ids) await endSessions(db, { id }, now());
      log.info({ event: 'auth.logout', userId, ip: client.ip }, 'signed out');
    },

    async changePassword(principal, currentPassword, newPassword, client) {
      const userId = principal.user.uuid;
      const row = await findUserById(db, userId);
      if (!row) throw unauthenticated();
      const at = now();
      // The current password is a password guess like a sign-in's: a stolen access token must not guess freely.
      if (env.LOGIN_RATE_LIMIT) {
        try {
          // A right current password alone changes the password: held back like a password-only sign-in.
          await beginSignInAttempt(
            db,
            { email: row.email, ip: client.ip, step: 'password', passwordIsEnough: true },
            at,
          );
        } catch (error) {
          log.warn(
            { event: 'auth.password_change.throttled', userId, ip: client.ip },
            'password change throttled',
          );
          throw error;
        }
      }
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword))) {
        log.warn(
          { event: 'auth.password_change.failed', userId, ip: client.ip },
          'password change refused: wrong current password',
        );
        throw validationFailed({ currentPassword: MESSAGES.wrongCurrentPassword });
      }
      if (env.LOGIN_RATE_LIMIT)
        await signInSucceeded(db, { email: row.email, ip: client.ip, step: 'password' }, at);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
        await endSessions(tx, { userId, exceptId: principal.sessionId }, at);
        await recordActivity(tx, row, {
          type: 'user.password_changed',
          targetType: 'user',
          targetId: userId,
          description: `${row.name} changed their password`,
          at,
        });
      });
      log.info({ event: 'auth.password_changed', userId, ip: client.ip }, 'password changed');
    },

    async principalForAccessToken(token) {
      const claims = await accessTokens.verify(token);
      if (!claims) return null;
      const row = await findSessionUser(db, claims.userId, claims.sessionId, now());
      return row?.isActive ? { user: toSessionUser(row), sessionId: claims.sessionId } : null;
    },

    sessions(principal) {
      return listSessions(db, principal.user.uuid, principal.sessionId, now());
    },

    endSession(principal, sessionId) {
      return endOwnSessions(principal, { id: sessionId }, () => 'ended one of their sessions');
    },

    endOtherSessions(principal) {
      return endOwnSessions(
        principal,
        { exceptId: principal.sessionId },
        (count) => `signed out ${count} other ${sessionsWord(count)}`,
      );
    },

    async sessionsOfUser(actor, userId) {
      await managedUser(actor, userId);
      return listSessions(db, userId, null, now());
    },

    async endSessionsOfUser(actor, userId) {
      const target = await managedUser(actor, userId);
      const at = now();
      await db.transaction(async (tx) => {
        const ended = await endSessions(tx, { userId }, at);
        await recordActivity(tx, actor, {
          type: 'user.sessions_ended',
          targetType: 'user',
          targetId: userId,
          description: `Signed ${target.name} out everywhere (${ended.length} ${sessionsWord(ended.length)})`,
          at,
        });
      });
    },
  };
}
