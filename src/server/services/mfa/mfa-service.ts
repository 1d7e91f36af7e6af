// Two-factor codes (TOTP, docs/sign-in.md): a user's enrolment from the Account page, turning it off, an owner's or
// admin's reset, and the sign-in steps after the password (a code, or an enrolment the owners require).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MfaLoginAnswer, MfaEnrolment, MfaStatus } from '../../../contract/sign-in';
import { MESSAGES } from '../../../contract/errors';
import { canManageUserOfRole, type RoleName } from '../../../contract/roles';
import { users } from '../../db/schema';
import { loggableError } from '../../log-redaction';
import { conflict, forbidden, notFound, unauthenticated, validationFailed } from '../../errors';
import type { AuthService, SessionPrincipal } from '../auth/auth-service';
import { recordActivity } from '../shared/audit';
import type { Actor, AppContext } from '../shared/context';
import { beginSignInAttempt, signInSucceeded } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import type { ClientInfo } from '../auth/sessions';
import type { RefusalReason, SignInRefusals } from '../auth/sign-in-refusals';
import { readSignInRules } from '../auth/sign-in-settings';
import { findUserById } from '../users/staff-users';
import { accountFactorOf, clearFactor, enableFactor, hasFactor, type AccountFactor } from './account-factor';
import type { MfaTokenKind, MfaTokens } from './mfa-tokens';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
import { lazySecretsKey } from './secrets-key';
import {
  decryptSecret,
  encryptSecret,
  isTotpShaped,
  newTotpSecret,
  otpauthUriOf,
  stepOfCode,
} from './totp-secrets';
import { SIGN_IN_MESSAGES } from '../../../contract/sign-in';

export interface MfaService {
  status(principal: SessionPrincipal): Promise<MfaStatus>;
  /**
   * A new authenticator waiting for its first code (replacing any other waiting one), with the current password: an
   * access token alone must not let whoever holds it make the account's codes theirs.
   */
  startEnrolment(principal: SessionPrincipal, password: string, client: ClientInfo): Promise<MfaEnrolment>;
  /** The first code turns two-factor sign-in on; answers the recovery codes, shown once. */
  confirmEnrolment(principal: SessionPrincipal, code: string): Promise<string[]>;
  /** Turns one's own codes off, with the current password; refused while the owners require codes. */
  disable(principal: SessionPrincipal, password: string, client: ClientInfo): Promise<void>;
  /** An owner or admin removes another user's factor (they enrol again, or are sent to, at their next sign-in). */
  reset(actor: Actor, userId: string): Promise<void>;
  /** `POST /auth/login/mfa`: the code (or recovery code) after the password, or the code confirming an enrolment. */
  completeSignIn(mfaToken: string, code: string, client: ClientInfo): Promise<MfaLoginAnswer>;
  /** `POST /auth/login/mfa/enrolment`: the authenticator to add, for a sign-in the owners' rule holds back. */
  startSignInEnrolment(mfaToken: string, client: ClientInfo): Promise<MfaEnrolment>;
}

type CodeCheck = 'accepted' | 'wrong' | 'reused' | 'unreadable';
const REFUSAL_OF = {
  wrong: 'wrong_code',
  reused: 'code_reused',
  unreadable: 'secret_unreadable',
} as const satisfies Record<Exclude<CodeCheck, 'accepted'>, RefusalReason>;

export function createMfaService(
  ctx: AppContext,
  { auth, mfaTokens, refusals }: { auth: AuthService; mfaTokens: MfaTokens; refusals: SignInRefusals },
): MfaService {
  const { db, env, now, log } = ctx;

  const secretsKey = lazySecretsKey(ctx);

  /** A secret of the account, decrypted; null (and a log line an operator can act on) when the key cannot read it. */
  async function readSecret(account: AccountFactor, stored: string, which: 'secret' | 'pending') {
    let secret: string | null = null;
    try {
      secret = decryptSecret(await secretsKey(), account.id, stored);
    } catch (error) {
      // The key file is there but unreadable or not a key: the same refusal as a lost key, and the reason logged.
      log.error(
        { event: 'mfa.secrets_key_unusable', err: loggableError(error) },
        'the secrets key cannot be read',
      );
    }
    if (secret === null)
      log.error(
        { event: 'auth.mfa.secret_unreadable', userId: account.id, which },
        'a two-factor secret does not decrypt with the secrets key (lost or replaced?): codes are refused until the user uses a recovery code or is reset',
      );
    return secret;
  }

  /** Whether a code signs this account in now: accepted once (a newer time step than the last), or a recovery code. */
  async function checkCode(account: AccountFactor, code: string, at: Date): Promise<CodeCheck> {
    if (!isTotpShaped(code))
      return (await spendRecoveryCode(db, account.id, code, at)) ? 'accepted' : 'wrong';
    const secret = await readSecret(account, account.mfaSecret!, 'secret');
    if (secret === null) return 'unreadable';
    const step = stepOfCode(secret, code, at);
    if (step === null) return 'wrong';
    // Race-safe: of two requests with one code, one moves the step on and the other finds it already there.
    const moved = await db
      .update(users)
      .set({ mfaLastStep: step })
      .where(
        and(
          eq(users.id, account.id),
          eq(users.mfaSecret, account.mfaSecret!),
          or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return moved.length > 0 ? 'accepted' : 'reused';
  }

  async function newPendingSecret(account: AccountFactor): Promise<MfaEnrolment> {
    if (account.passwordHash === null) throw conflict(SIGN_IN_MESSAGES.mfaNeedsPassword);
    if (hasFactor(account)) throw conflict(SIGN_IN_MESSAGES.mfaAlreadyEnabled);
    const secret = newTotpSecret();
    const stored = encryptSecret(await secretsKey(), account.id, secret);
    await db
      .update(users)
      .set({ mfaPendingSecret: stored, updatedAt: now() })
      .where(eq(users.id, account.id));
    return { secret, otpauthUri: otpauthUriOf(secret, account.email) };
  }

  /** The pending secret and the step of `code` for it; null step when the code is wrong. */
  async function checkPending(account: AccountFactor, code: string, at: Date) {
    if (account.passwordHash === null) throw conflict(SIGN_IN_MESSAGES.mfaNeedsPassword);
    if (hasFactor(account)) throw conflict(SIGN_IN_MESSAGES.mfaAlreadyEnabled);
    const stored = account.mfaPendingSecret;
    const secret = stored === null ? null : await readSecret(account, stored, 'pending');
    if (stored === null || secret === null) throw conflict(SIGN_IN_MESSAGES.mfaNotPending);
    return { stored, step: stepOfCode(secret, code, at) };
  }

  /** Turns the factor on and records it; a confirmation that lost a race is asked to start again. */
  async function enable(account: AccountFactor, stored: string, step: number, at: Date) {
    const codes = await db.transaction(async (tx) => {
      const recoveryCodes = await enableFactor(tx, account.id, stored, step, at);
      if (recoveryCodes)
        await recordActivity(tx, account, {
          type: 'user.mfa_enabled',
          targetType: 'user',
          targetId: account.id,
          description: `${account.name} turned two-factor sign-in on`,
          at,
        });
      return recoveryCodes;
    });
    if (!codes) throw conflict(SIGN_IN_MESSAGES.mfaNotPending);
    log.info({ event: 'auth.mfa.enabled', userId: account.id }, 'two-factor sign-in turned on');
    return codes;
  }

  /**
   * The current password of a signed-in change to one's own codes, checked as a sign-in's password is (throttled: a
   * stolen access token must not guess freely); a wrong one is a 400 on `password`. `action` names the log events.
   */
  async function checkCurrentPassword(
    account: AccountFactor,
    passwordHash: string,
    password: string,
    client: ClientInfo,
    at: Date,
    action: 'mfa_enrol' | 'mfa_disable',
  ) {
    const attempt = { email: account.email, ip: client.ip, step: 'password' as const };
    if (env.LOGIN_RATE_LIMIT) {
      try {
        // A right password alone makes the change: held back like a password-only sign-in.
        await beginSignInAttempt(db, { ...attempt, passwordIsEnough: true }, at);
      } catch (error) {
        log.warn({ event: `auth.${action}.throttled`, userId: account.id, ip: client.ip }, 'throttled');
        throw error;
      }
    }
    if (!(await verifyPassword(passwordHash, password))) {
      log.warn(
        { event: `auth.${action}.failed`, userId: account.id, ip: client.ip },
        action === 'mfa_enrol'
          ? 'two-factor sign-in not set up: wrong password'
          : 'two-factor sign-in not turned off: wrong password',
      );
      throw validationFailed({ password: MESSAGES.wrongCurrentPassword });
    }
    if (env.LOGIN_RATE_LIMIT) await signInSucceeded(db, attempt, at);
  }

  async function signedInAccount(principal: SessionPrincipal) {
    const account = await accountFactorOf(db, principal.user.uuid);
    if (!account) throw unauthenticated();
    return account;
  }

  /**
   * The account an mfaToken names, when the token is valid, of `kind` (any when not given), its user still active
   * and nothing changed since the password step (docs: mfa-tokens.ts); and the rules, which may have turned password
   * sign-in off meanwhile.
   */
  async function accountOfToken(mfaToken: string, client: ClientInfo, kind?: MfaTokenKind) {
    let account: AccountFactor | undefined;
    const claims = await mfaTokens.verify(mfaToken, async (userId) => {
      account = await accountFactorOf(db, userId);
      return account?.isActive ? account : null;
    });
    if (!claims || !account || (kind && claims.kind !== kind))
      throw unauthenticated(SIGN_IN_MESSAGES.mfaSignInExpired);
    const rules = await readSignInRules(db);
    if (!rules.passwordLogin && account.roleName !== 'owner') {
      await refusals.refuse('password_off', account.email, account, client, now());
      throw forbidden(SIGN_IN_MESSAGES.passwordLoginDisabled);
    }
    return { account, kind: claims.kind };
  }

  return {
    async status(principal) {
      const account = await signedInAccount(principal);
      const rules = await readSignInRules(db);
      const available = account.passwordHash !== null;
      const enabled = hasFactor(account);
      return {
        enabled,
        enabledAt: enabled ? account.mfaEnabledAt!.getTime() : null,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, account.id) : 0,
        required: rules.mfaRequired && available,
        available,
      };
    },

    async startEnrolment(principal, password, client) {
      const account = await signedInAccount(principal);
      // Accounts without a password (single sign-on only) have no codes of the console's, as when turning them off:
      // the provider is their second factor, so there is nothing to re-authenticate for here.
      if (account.passwordHash === null) throw conflict(SIGN_IN_MESSAGES.mfaNeedsPassword);
      if (hasFactor(account)) throw conflict(SIGN_IN_MESSAGES.mfaAlreadyEnabled);
      await checkCurrentPassword(account, account.passwordHash, password, client, now(), 'mfa_enrol');
      return newPendingSecret(account);
    },

    async confirmEnrolment(principal, code) {
      const account = await signedInAccount(principal);
      const at = now();
      const { stored, step } = await checkPending(account, code, at);
      // The caller holds the secret they were just shown: a wrong code here is a typo, not a guess.
      if (step === null) throw validationFailed({ code: SIGN_IN_MESSAGES.invalidMfaCode });
      return enable(account, stored, step, at);
    },

    async disable(principal, password, client) {
      const account = await signedInAccount(principal);
      if (account.passwordHash === null) throw conflict(SIGN_IN_MESSAGES.mfaNeedsPassword);
      if (!hasFactor(account)) throw conflict(SIGN_IN_MESSAGES.mfaNotEnabled);
      if ((await readSignInRules(db)).mfaRequired) throw conflict(SIGN_IN_MESSAGES.mfaRequiredForAll);
      const at = now();
      await checkCurrentPassword(account, account.passwordHash, password, client, at, 'mfa_disable');
      await db.transaction(async (tx) => {
        await clearFactor(tx, account.id, at);
        await recordActivity(tx, account, {
          type: 'user.mfa_disabled',
          targetType: 'user',
          targetId: account.id,
          description: `${account.name} turned two-factor sign-in off`,
          at,
        });
      });
      log.info({ event: 'auth.mfa.disabled', userId: account.id, ip: client.ip }, 'two-factor sign-in off');
    },

    async reset(actor, userId) {
      const target = await findUserById(db, userId);
      if (!target) throw notFound('User');
      // One's own codes go off through DELETE /auth/mfa, which asks for the password and keeps the owners' rule.
      if (target.id === actor.id) throw forbidden();
      if (!canManageUserOfRole(actor.role, target.roleName as RoleName)) throw forbidden();
      const at = now();
      const wasOn = await db.transaction(async (tx) => {
        // Cleared whether or not it decrypts: a reset is how an unreadable secret is replaced.
        if (!(await clearFactor(tx, userId, at))) return false;
        await recordActivity(tx, actor, {
          type: 'user.mfa_reset',
          targetType: 'user',
          targetId: userId,
          description: `Reset two-factor sign-in of ${target.name} (${target.email})`,
          at,
        });
        return true;
      });
      if (!wasOn) throw conflict(SIGN_IN_MESSAGES.mfaNotEnabled);
      log.info({ event: 'auth.mfa.reset', userId, actorId: actor.id }, 'two-factor sign-in reset');
    },

    async completeSignIn(mfaToken, code, client) {
      const { account, kind } = await accountOfToken(mfaToken, client);
      const at = now();
      if (kind === 'enrol' && account.mfaPendingSecret === null)
        throw conflict(SIGN_IN_MESSAGES.mfaNotPending);
      if (kind === 'verify' && !hasFactor(account)) throw unauthenticated(SIGN_IN_MESSAGES.mfaSignInExpired);
      if (env.LOGIN_RATE_LIMIT) {
        try {
          await beginSignInAttempt(db, { email: account.email, ip: client.ip, step: 'code' }, at);
        } catch (error) {
          await refusals.throttled('auth.mfa.throttled', error, account.email, account, client, at);
          throw error;
        }
      }
      let recoveryCodes: string[] | undefined;
      if (kind === 'enrol') {
        const { stored, step } = await checkPending(account, code, at);
        if (step === null) {
          await refusals.refuse('wrong_code', account.email, account, client, at);
          throw unauthenticated(SIGN_IN_MESSAGES.invalidMfaCode);
        }
        recoveryCodes = await enable(account, stored, step, at);
      } else {
        const check = await checkCode(account, code, at);
        if (check !== 'accepted') {
          await refusals.refuse(REFUSAL_OF[check], account.email, account, client, at);
          throw unauthenticated(
            check === 'unreadable' ? SIGN_IN_MESSAGES.mfaSecretUnreadable : SIGN_IN_MESSAGES.invalidMfaCode,
          );
        }
      }
      if (env.LOGIN_RATE_LIMIT)
        await signInSucceeded(db, { email: account.email, ip: client.ip, step: 'code' }, at);
      const tokens = await auth.signIn(account, client, 'password');
      return recoveryCodes ? { ...tokens, recoveryCodes } : tokens;
    },

    async startSignInEnrolment(mfaToken, client) {
      const { account } = await accountOfToken(mfaToken, client, 'enrol');
      return newPendingSecret(account);
    },
  };
}
