// Single sign-on with an OpenID Connect provider (docs/sign-in.md): the authorization-code flow with PKCE,
// `state` and `nonce`, through openid-client (never by hand). `start` sends the browser to the provider; `callback`
// verifies its answer and signs the user in through the one door every sign-in uses (AuthService.signIn), or sends
// the browser back to the sign-in page with a reason, an activity row and a warn line, never a partial session.
import * as client from 'openid-client';
import type { TokenSet } from '../../../contract/auth';
import { SSO_FAILURE_PARAM, type SsoFailure } from '../../../contract/sign-in';
import { HttpError } from '../../errors';
import type { AuthService } from '../auth/auth-service';
import type { AppContext } from '../shared/context';
import { beginSignInAttempt, signInSucceeded } from '../auth/login-throttle';
import { createMinuteLimiter } from '../shared/minute-limiter';
import type { ClientInfo } from '../auth/sessions';
import { applyIdentity, findAccount, refusalOf } from './accounts';
import { createOidcDiscovery, type OidcDiscovery } from './discovery';
import { describeProtocolError, recordSsoRefusal, SsoRefusal } from './failures';
import { identityOf, roleValuesOf, type Claims } from './identity';
import { safeNextPath } from './next-path';
import type { OidcSettings } from './settings';
import { createTransactionSealer } from './transaction';

export { oidcSettingsOf, type OidcSettings } from './settings';
export { OIDC_TRANSACTION_COOKIE, OIDC_TRANSACTION_TTL_SECONDS } from './transaction';

/** Where the browser goes next, and the cookies that go with it. */
export interface SsoStart {
  location: string;
  /** The sealed transaction to set as the callback's cookie; absent when single sign-on is unavailable. */
  transaction?: string;
}
export type SsoOutcome =
  { location: string; tokens: TokenSet } | { location: string; tokens?: undefined; reason: SsoFailure };

export interface OidcService {
  /** Whether single sign-on is configured (OIDC_ISSUER and the rest). */
  readonly configured: boolean;
  start(next: string | undefined): Promise<SsoStart>;
  /** `query` is the callback's raw query string (what the provider sent, unparsed). */
  callback(query: string, sealed: string | undefined, client: ClientInfo): Promise<SsoOutcome>;
  /** Discovery at start and its retries (the app's onReady and onClose). */
  startDiscovery(): void;
  stop(): void;
}

/** Activity rows of refused single sign-ons one address may cause a minute (per process). */
const REFUSAL_ROWS_PER_MINUTE = 10;

export const loginPageWith = (reason: SsoFailure) => `/login?${SSO_FAILURE_PARAM}=${reason}`;

export async function createOidcService(
  ctx: AppContext,
  auth: AuthService,
  settings: OidcSettings | null,
): Promise<OidcService> {
  const { db, env, now, log } = ctx;
  const sealer = await createTransactionSealer(db, env);
  const discovery: OidcDiscovery | null = settings ? createOidcDiscovery(settings, log) : null;
  // Anyone may start a sign-in and send back a forged callback: the activity log takes a bounded number of such rows
  // per address (the throttle bounds those about an account), the rest are warn lines only.
  const refusalRows = createMinuteLimiter(REFUSAL_ROWS_PER_MINUTE, now);

  async function start(next: string | undefined): Promise<SsoStart> {
    const config = settings && (await discovery?.configuration());
    if (!settings || !config) return { location: loginPageWith('unavailable') };
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const transaction = await sealer.seal({ codeVerifier, state, nonce, next: safeNextPath(next) }, now());
    return { location: location.href, transaction };
  }

  /** The verified claims of the ID token, completed by UserInfo when the token lacks the e-mail or the roles. */
  async function verifiedClaims(
    config: client.Configuration,
    settings: OidcSettings,
    query: string,
    transaction: { codeVerifier: string; state: string; nonce: string },
  ): Promise<Claims> {
    const callbackUrl = new URL(settings.redirectUri);
    callbackUrl.search = query;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    let claims: Claims | undefined;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new SsoRefusal('failed', describeProtocolError(error));
    }
    if (!claims) throw new SsoRefusal('failed', 'the provider sent no ID token');
    const lacksEmail = typeof claims.email !== 'string';
    const lacksRoles =
      settings.roleClaim !== undefined && roleValuesOf(claims, settings.roleClaim).length === 0;
    if ((lacksEmail || lacksRoles) && config.serverMetadata().userinfo_endpoint) {
      try {
        const userInfo = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
        // UserInfo answers for the same person (openid-client checks its `sub`) at the same moment, often more fully
        // (a groups list the ID token leaves empty); the identity itself stays the ID token's.
        claims = { ...claims, ...userInfo, iss: claims.iss, sub: claims.sub };
      } catch (error) {
        throw new SsoRefusal('failed', `UserInfo: ${describeProtocolError(error)}`);
      }
    }
    return claims;
  }

  /** Everything from the verified claims to a session, or a refusal (thrown). */
  async function signInWith(claims: Claims, settings: OidcSettings, clientInfo: ClientInfo) {
    const identity = identityOf(claims, settings.roleClaim);
    if (!identity) throw new SsoRefusal('no_email', 'the provider sent no verified e-mail');
    const account = await findAccount(db, identity);
    // The throttle of a password sign-in, on the account's e-mail (a changed one at the provider changes nothing), but
    // not its account-wide rule: the provider proved who this is, so other addresses' wrong passwords hold it back no
    // more than they hold back an account with codes.
    const throttleKey = account?.email ?? identity.email;
    const at = now();
    if (env.LOGIN_RATE_LIMIT) {
      try {
        await beginSignInAttempt(db, { email: throttleKey, ip: clientInfo.ip, step: 'sso' }, at);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
        throw new SsoRefusal(
          'throttled',
          'too many attempts',
          account && { id: account.id, name: account.name, email: account.email },
          identity.email,
        );
      }
    }
    const refusal = refusalOf(settings, identity, account);
    if (refusal) throw refusal;
    const row = await applyIdentity(db, settings, identity, account, at);
    if (env.LOGIN_RATE_LIMIT)
      await signInSucceeded(db, { email: throttleKey, ip: clientInfo.ip, step: 'sso' }, at);
    return auth.signIn(row, clientInfo, 'sso');
  }

  async function callback(
    query: string,
    sealed: string | undefined,
    clientInfo: ClientInfo,
  ): Promise<SsoOutcome> {
    const refuse = async (refusal: SsoRefusal, toActivityLog = true): Promise<SsoOutcome> => {
      const isWithinLimit = toActivityLog && refusalRows.hit(clientInfo.ip) === null;
      await recordSsoRefusal(ctx, refusal, clientInfo, now(), isWithinLimit);
      return { location: loginPageWith(refusal.reason), reason: refusal.reason };
    };
    if (!settings || !discovery) return { location: loginPageWith('unavailable'), reason: 'unavailable' };
    const transaction = await sealer.open(sealed, now());
    // No sign-in in progress in this browser: an old bookmark, a callback replayed after the first cleared the cookie,
    // or a forged request. Anyone can send these and they name no account: a warn line, not an activity row.
    if (!transaction)
      return refuse(
        new SsoRefusal('failed', 'no sign-in in progress in this browser (expired, already used or forged)'),
        false,
      );
    try {
      const config = await discovery.configuration();
      if (!config) throw new SsoRefusal('unavailable', 'the provider could not be reached');
      const claims = await verifiedClaims(config, settings, query, transaction);
      const tokens = await signInWith(claims, settings, clientInfo);
      return { location: transaction.next, tokens };
    } catch (error) {
      if (error instanceof SsoRefusal) return refuse(error);
      // An unexpected failure (the database) is still no 500 in the middle of a browser's redirects.
      log.error({ event: 'auth.sso.error', err: error }, 'single sign-on failed unexpectedly');
      return refuse(new SsoRefusal('failed', 'the server could not complete it'));
    }
  }

  return {
    configured: settings !== null,
    start,
    callback,
    startDiscovery: () => discovery?.start(),
    stop: () => discovery?.stop(),
  };
}
