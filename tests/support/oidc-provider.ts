// A real OpenID Connect provider for tests: the certified `oidc-provider` over HTTPS on 127.0.0.1, with its own
// signing keys, one registered client and the accounts a test chooses. Its sign-in needs no human: the interaction
// page is answered here at once, logged in as the chosen account and consenting to whatever was asked. Server tests
// drive the flow with fetch (`followToCallback`); a Playwright test lets the browser follow the same redirects.
//
// HTTPS, because the console's client (openid-client) refuses a plain-HTTP issuer and the product has no switch to
// allow one: the certificate is `trustTestCertificate`'s (tests/support/tls.ts), which the vitest global setups make
// and put in NODE_EXTRA_CA_CERTS before the workers start.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import Provider, { interactionPolicy, type ProviderContext } from 'oidc-provider';
import { TEST_TLS_CERT_ENV, TEST_TLS_KEY_ENV } from './tls';

/** A person at the provider: the claims it hands out about them. */
export interface OidcTestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

/** What a tampered ID token gets wrong; the provider's real key signs it unless the signature is the point. */
export type IdTokenTampering = 'bad_signature' | 'wrong_audience' | 'expired' | 'nonce_mismatch';

export interface OidcProviderOptions {
  /** The console's callback, registered for the client: `${PUBLIC_URL}/api/v1/auth/oidc/callback`. */
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  /** A fixed port (Playwright: the server's OIDC_ISSUER is set before the test starts the provider); 0: any. */
  port?: number;
  /** PEM files; by default the trusted test certificate (LC_TEST_TLS_CERT and LC_TEST_TLS_KEY). */
  tls?: { cert: string; key: string };
  /** False: every request answers 503 until `setAvailable(true)` (a provider down when the console starts). */
  available?: boolean;
  /** Who signs in until `setAccount`. */
  account?: OidcTestAccount;
  /**
   * True: e-mail, name and groups in the ID token too (as Keycloak sends them). False (the default, oidc-provider's
   * conforming behaviour): the ID token carries `sub` only and the rest comes from UserInfo.
   */
  claimsInIdToken?: boolean;
}

export interface OidcTestProvider {
  /** `https://127.0.0.1:<port>`: the console's OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in logs in as (the same `sub` with new claims: the person's data changed). */
  setAccount(account: OidcTestAccount): void;
  setAvailable(available: boolean): void;
  /** The next token answer carries an ID token tampered this way. */
  tamperNextIdToken(tampering: IdTokenTampering): void;
  /** The next sign-in ends with this error instead of a code (the person cancelled: `access_denied`). */
  refuseNextSignIn(error?: string): void;
  /**
   * Follows the provider's redirects from an authorization URL (the console's start answered it) through the
   * interaction, with the provider's cookies, to the redirect back to the console: that URL, with `code`, `state` and
   * `iss` (or `error`).
   */
  followToCallback(authorizationUrl: string): Promise<URL>;
  stop(): Promise<void>;
}

export const DEFAULT_ACCOUNT: OidcTestAccount = {
  sub: 'test-user',
  email: 'test.user@example.test',
  email_verified: true,
  name: 'Test User',
  groups: [],
};

type Stored = Record<string, unknown> & { grantId?: string; uid?: string; consumed?: number };

/**
 * oidc-provider's storage, in this provider's memory (its own in-memory adapter is the same, but warns on every start
 * that it is not for production, which a test provider is not).
 */
function memoryAdapter() {
  const rows = new Map<string, Stored>();
  return class TestAdapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Stored) {
      rows.set(this.key(id), payload);
    }
    async find(id: string) {
      return rows.get(this.key(id));
    }
    async findByUid(uid: string) {
      return [...rows.entries()].find(
        ([key, row]) => key.startsWith(`${this.model}:`) && row.uid === uid,
      )?.[1];
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const row = rows.get(this.key(id));
      if (row) row.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      rows.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows) if (row.grantId === grantId) rows.delete(key);
    }
  };
}

/** An RS256 signing key as a private JWK (for the provider) and a CryptoKey (for tampered tokens). */
async function signingKey(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, privateKey };
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'license-console';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const certFile = options.tls?.cert ?? process.env[TEST_TLS_CERT_ENV];
  const keyFile = options.tls?.key ?? process.env[TEST_TLS_KEY_ENV];
  if (!certFile || !keyFile)
    throw new Error(
      'No TLS certificate for the test OpenID provider: call trustTestCertificate() (tests/support/tls.ts) first',
    );
  const kid = randomUUID();
  const key = await signingKey(kid);
  // Another key under the same key id: a token it signs has a signature the provider's published key refutes.
  const impostor = await signingKey(kid);

  const accounts = new Map<string, OidcTestAccount>();
  let current = options.account ?? DEFAULT_ACCOUNT;
  accounts.set(current.sub, current);
  let available = options.available ?? true;
  let tampering: IdTokenTampering | null = null;
  let refusal: string | null = null;

  // Listening first: the issuer names the port, and the provider is made with its issuer (requests are served from
  // the moment the provider exists).
  const server = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Logs in as the chosen account (or refuses, when the test asked), with no page. */
  async function finishInteraction(op: Provider, req: IncomingMessage, res: ServerResponse) {
    await op.interactionDetails(req, res);
    const error = refusal;
    refusal = null;
    const result = error
      ? { error, error_description: 'The test refused the sign-in' }
      : { login: { accountId: current.sub } };
    await op.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  // The login prompt also when the browser's provider session is someone else's: `setAccount` takes effect on the
  // next sign-in even in a browser that signed in before (Playwright).
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.push(
      new interactionPolicy.Check(
        'account_switched',
        'the test chose another account',
        'login_required',
        (ctx) => ctx.oidc.session?.accountId !== undefined && ctx.oidc.session.accountId !== current.sub,
      ),
    );

  const day = 24 * 60 * 60;
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [key.jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: !(options.claimsInIdToken ?? false),
    // The console must send PKCE whatever kind of client it is.
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // Consent is implied: every sign-in is granted the scopes it asked for.
    async loadExistingGrant(ctx: ProviderContext) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        // Absent claims stay absent (a provider that sends no `email_verified`, or no groups).
        claims: async () =>
          Object.fromEntries(Object.entries(account).filter(([, value]) => value !== undefined)),
      };
    },
    issueRefreshToken: () => false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: day,
      Grant: day,
    },
    async renderError(ctx: ProviderContext, out: Record<string, unknown>) {
      ctx.body = out;
    },
  });

  // Tampering happens on the token endpoint's answer: the ID token the console receives is re-signed with the change.
  provider.use(async (ctx, next) => {
    await next();
    if (!tampering || ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: string };
    if (!body.id_token) return;
    const kind = tampering;
    tampering = null;
    ctx.body = { ...body, id_token: await tamperedIdToken(body.id_token, kind) };
  });

  // Composed now, with the tampering above (Koa composes its middleware when the callback is made).
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!available) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"temporarily_unavailable"}');
    } else if (req.url?.startsWith('/interaction/')) {
      finishInteraction(provider, req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    } else {
      handle(req, res);
    }
  });

  async function tamperedIdToken(original: string, kind: IdTokenTampering): Promise<string> {
    const { alg, kid: keyId, typ } = decodeProtectedHeader(original);
    const claims = decodeJwt(original);
    const now = Math.floor(Date.now() / 1000);
    const changed = {
      bad_signature: claims,
      wrong_audience: { ...claims, aud: 'another-client' },
      expired: { ...claims, iat: now - 2 * 3600, exp: now - 3600 },
      nonce_mismatch: { ...claims, nonce: randomBytes(16).toString('base64url') },
    }[kind];
    const signer: CryptoKey = kind === 'bad_signature' ? impostor.privateKey : key.privateKey;
    return new SignJWT(changed)
      .setProtectedHeader({ alg: alg!, ...(keyId ? { kid: keyId } : {}), ...(typ ? { typ } : {}) })
      .sign(signer);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    setAvailable(value) {
      available = value;
    },
    tamperNextIdToken(kind) {
      tampering = kind;
    },
    refuseNextSignIn(error = 'access_denied') {
      refusal = error;
    },
    followToCallback: (authorizationUrl) => followToCallback(issuer, authorizationUrl),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's part at the provider, with fetch: its redirects, carrying the provider's cookies. */
async function followToCallback(issuer: string, authorizationUrl: string): Promise<URL> {
  const origin = new URL(issuer).origin;
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const body = await response.text();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location)
      throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${body.slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error('the provider redirected more than 10 times');
}
