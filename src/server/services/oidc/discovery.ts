// The provider's metadata (its discovery document), fetched through openid-client at start and kept. A provider that
// cannot be reached at start must not stop the console (password sign-in goes on): the failure is logged and retried
// with a growing delay, and a sign-in started meanwhile tries once more itself (at most every few seconds), so the
// first click after the provider is back works. Until discovery succeeds, single sign-on answers `unavailable`.
import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../log-redaction';
import type { OidcSettings } from './settings';

/** Retries after a failed discovery: 1 s, doubling, at most 5 minutes apart. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 5 * 60 * 1000;
/** A sign-in may try discovery itself when the last attempt ended at least this long ago. */
const ON_DEMAND_MIN_INTERVAL_MS = 5000;
/** Seconds one attempt (and every later call to the provider) may take. */
const REQUEST_TIMEOUT_SECONDS = 10;

export interface OidcDiscovery {
  /** Starts the first attempt (the app's onReady). */
  start(): void;
  /** The provider's configuration, trying discovery once more first when it has not succeeded; null: unavailable. */
  configuration(): Promise<client.Configuration | null>;
  stop(): void;
}

export function createOidcDiscovery(settings: OidcSettings, log: FastifyBaseLogger): OidcDiscovery {
  let configuration: client.Configuration | null = null;
  let attempt: Promise<void> | null = null;
  let failures = 0;
  let lastEndedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  // A confidential client authenticates with its secret (HTTP Basic, what Keycloak, Okta and Entra ID take by
  // default); a public one with PKCE only.
  const authentication = settings.clientSecret
    ? client.ClientSecretBasic(settings.clientSecret)
    : client.None();

  function discover(): Promise<void> {
    attempt ??= client
      .discovery(settings.issuer, settings.clientId, undefined, authentication, {
        timeout: REQUEST_TIMEOUT_SECONDS,
        // The ID token's signature is checked against the provider's published keys too. OpenID Connect lets a client
        // rely on TLS alone for a token fetched from the token endpoint; checking costs one cached key fetch and
        // refuses a token no key of the provider signed (a compromised proxy, a provider misconfigured).
        execute: [client.enableNonRepudiationChecks],
      })
      .then(
        (discovered) => {
          if (stopped) return;
          configuration = discovered;
          log.info(
            { event: 'auth.sso.discovered', issuer: settings.issuer.href, afterFailures: failures },
            'single sign-on provider discovered',
          );
        },
        (error: unknown) => {
          if (stopped) return;
          failures += 1;
          const retryInMs = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
          log.warn(
            {
              event: 'auth.sso.discovery_failed',
              issuer: settings.issuer.href,
              failures,
              retryInMs,
              err: loggableError(error),
            },
            'single sign-on provider unreachable: sign-in with it is unavailable until a retry succeeds',
          );
          clearTimeout(timer);
          timer = setTimeout(() => {
            if (!configuration) void discover();
          }, retryInMs);
          // A retry must not keep a stopping process alive.
          timer.unref();
        },
      )
      .finally(() => {
        attempt = null;
        lastEndedAt = Date.now();
      });
    return attempt;
  }

  return {
    start() {
      void discover();
    },
    async configuration() {
      if (configuration || stopped) return configuration;
      if (attempt) await attempt;
      else if (Date.now() - lastEndedAt >= ON_DEMAND_MIN_INTERVAL_MS) await discover();
      return configuration;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
