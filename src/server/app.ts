// Builds the Fastify instance (used by main.ts and by every server test through `inject`).
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyLoggerOptions,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MESSAGES, type ErrorBody } from '../contract/errors';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { CONSOLE_DIST_DIR } from './paths';
import { answerClientError } from './client-errors';
import { answerSerializerCompiler } from './answer-serializer';
import { RequestLog } from './request-log';
import { requestIdOf } from './request-id';
import { serializeError, serializeRequest } from './log-redaction';
import { apiDocsPlugin } from './plugins/api-docs';
import { scheduleBackgroundJobs, type BackgroundJobOptions } from './background-jobs';
import { apiContractPlugin } from './plugins/api-contract';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import {
  consoleFilesPlugin,
  hasBuiltConsole,
  REVALIDATE_CACHE,
  sendStartUpPage,
  startUpPagesOf,
} from './plugins/console-files';
import { errorsPlugin } from './plugins/errors';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed';
import { responseValidationPlugin } from './plugins/response-validation';
import { securityHeadersPlugin, setSecurityHeaders } from './plugins/security-headers';
import { apiTokenRoutes } from './routes/api-tokens';
import { authRoutes } from './routes/auth';
import { createLicenseService, type LicenseService } from './licensing/license-service';
import { wireCheckCache } from './licensing/check-cache-wiring';
import { LICENSE_CHECK_PATH, MACHINE_PATHS, licensingRoutes } from './routes/licensing';
import { createHotRoutes, serverWithHotRoutes, type HotRoutes } from './hot-routes';
import { createMinuteLimiter } from './services/shared/minute-limiter';
import { VALIDATE_RATE_LIMIT_PER_MINUTE } from '../contract/licensing';
import { certificateRoutes } from './routes/certificates';
import { clientRoutes } from './routes/clients';
import { dashboardRoutes } from './routes/dashboard';
import { searchRoutes } from './routes/search';
import { exportRoutes } from './routes/exports';
import { userRoutes } from './routes/users';
import { userSessionRoutes } from './routes/user-sessions';
import { HEALTHZ_PATH, healthRoutes } from './routes/health';
import { loadSheddingPlugin, maxInFlightOf, overloadLimitsOf } from './overload';
import { webhookRoutes } from './routes/webhooks';
import { mailRoutes } from './routes/mail';
import { oidcRoutes } from './routes/oidc';
import { mfaRoutes } from './routes/mfa';
import { signInSettingsRoutes } from './routes/sign-in-settings';
import { backupRoutes } from './routes/backups';
import { createBackupsService } from './services/backups/backups-service';
import { certificateDefaultsRoutes } from './routes/certificate-defaults';
import { createAccessTokens } from './services/auth/access-tokens';
import { createApiTokensService } from './services/api-tokens/api-tokens-service';
import { createAuthService } from './services/auth/auth-service';
import { createCertificateDefaultsService, createCertificatesService } from './services/certificates';
import { createClientsService } from './services/clients/clients-service';
import { createDashboardService } from './services/dashboard/dashboard-service';
import { createSearchService } from './services/search/search-service';
import { createExportsService } from './services/exports/exports-service';
import { createRefreshTokens } from './services/auth/refresh-tokens';
import { createMfaService } from './services/mfa/mfa-service';
import { createMfaTokens } from './services/mfa/mfa-tokens';
import { createSignInRefusals } from './services/auth/sign-in-refusals';
import { createSignInSettingsService } from './services/auth/sign-in-settings';
import { createUsersService } from './services/users/users-service';
import type { AppContext, Clock } from './services/shared/context';
import { createWebhooksService, type WebhookDispatcher } from './services/webhooks';
import { createMailService, createUnsubscribeTokens } from './services/mail';
import { createOidcService, oidcSettingsOf } from './services/oidc';

export const API_PREFIX = '/api/v1';

/** The licence check itself: it changes nothing the cache holds (its usage writes are silent). */
const LICENSE_CHECK_ROUTE = `${API_PREFIX}${LICENSE_CHECK_PATH}`;
/** What shipped software calls (routes/licensing.ts): shed last under overload, answered without a listener sync. */
const LICENSE_ROUTES = new Set(MACHINE_PATHS.map((path) => `${API_PREFIX}${path}`));
export const BODY_LIMIT_BYTES = 1024 * 1024;
const DEFAULT_CONSOLE_DIR = CONSOLE_DIST_DIR;

export interface BuildAppOptions extends BackgroundJobOptions {
  database: DatabaseHandle;
  env: Env;
  /** The clock every service reads (tests move it). */
  now?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The built console; served with an SPA fallback when it holds an index.html. */
  consoleDir?: string;
  /**
   * Check every answer against what its route documents and turn a mismatch into a 500 (the test app turns it on,
   * so the OpenAPI document cannot drift from the server; plugins/response-validation.ts).
   */
  checkResponses?: boolean;
  /** Listen with TLS (HTTP/2, HTTP/1.1 for clients without it): the PEM certificate chain and key (main.ts reads them). */
  tls?: { cert: Buffer; key: Buffer };
}

/**
 * Paths the router refuses before any route or hook runs (`/api/v1/clients/%FF`, an overlong parameter): the
 * contract's error body with every header, like any other bad request, instead of the framework's own answer.
 */
function frameworkErrorHandler(env: Env) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const body: ErrorBody = {
      message: tooLong ? MESSAGES.pathTooLong : MESSAGES.badPath,
      code: 'VALIDATION_FAILED',
    };
    setSecurityHeaders(request, reply, securityHeadersOptions(env));
    return reply
      .code(tooLong ? 414 : 400)
      .header('x-request-id', request.id)
      .send(body);
  };
}

const securityHeadersOptions = (env: Env) => ({
  hstsIncludeSubDomains: env.HSTS_INCLUDE_SUBDOMAINS,
  trustProxy: env.TRUST_PROXY,
});

/** pino options: request ids, and nothing secret ever written. */
export function loggerOptions(
  level: string,
): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level,
    // Errors Fastify logs itself (a stream failing after the headers went out) lose their SQL parameters too, and
    // request lines the token of an unsubscribe link.
    serializers: { err: serializeError, req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        'newPassword',
        'currentPassword',
        'token',
        'refreshToken',
        'accessToken',
        // Two-factor sign-in (docs/sign-in.md): the token between password and code, the code, the secret being
        // enrolled (alone and inside its otpauth URI) and recovery codes. A nested `code` stays: `err.code` ('23505')
        // is what an operator reads a failure by, and an authenticator's code is spent once and dead in a minute.
        'mfaToken',
        'code',
        'secret',
        'otpauthUri',
        'recoveryCodes',
        '*.password',
        '*.token',
        '*.mfaToken',
        '*.secret',
        '*.otpauthUri',
        '*.recoveryCodes',
      ],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(options: BuildAppOptions) {
  const { database, env } = options;
  const now = options.now ?? (() => new Date());
  // The licence check and the health probe are answered in front of Fastify once the services exist (hot-routes.ts).
  const hot: { routes?: HotRoutes } = {};
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    trustProxy: env.TRUST_PROXY,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(env) as FastifyServerOptions['frameworkErrors'],
    // Requests Node's parser refuses before Fastify sees them (an overlong URL or header section).
    clientErrorHandler: answerClientError,
    ...(options.tls ? {} : { serverFactory: serverWithHotRoutes(() => hot.routes) }),
  };
  // With TLS the server speaks HTTP/2 and falls back to HTTP/1.1 (curl, load balancer health checks). Only the
  // server object differs, so the app keeps the HTTP/1 typing every route and plugin is written against.
  const app = (
    options.tls
      ? Fastify({
          ...serverOptions,
          http2: true,
          https: { allowHTTP1: true, ...options.tls },
        } as unknown as FastifyServerOptions)
      : Fastify(serverOptions)
  ).withTypeProvider<ZodTypeProvider>();

  // The console sends `Content-Type: application/json` on every call, also on bodiless ones (DELETE, activate);
  // Fastify refuses an empty JSON body, so an empty one means "no body". Prototype-poisoning keys stay refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  // The API speaks JSON only: Fastify's default text/plain parser would let a stray body reach a route that
  // declares none (DELETE /auth/sessions) and succeed; without it such a request is a clean 415.
  app.removeContentTypeParser('text/plain');
  // The API's route table with each route's contract schemas: the robustness tests walk it (a new route is fuzzed).
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || route.url === `${API_PREFIX}/openapi.json`) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url, schema: (route.schema ?? {}) as ApiRoute['schema'] });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(errorsPlugin);
  // Before compression rewrites bodies: the check reads the answer as the route produced it.
  await app.register(responseValidationPlugin, { enabled: options.checkResponses ?? false });
  await app.register(securityHeadersPlugin, securityHeadersOptions(env));
  // Load shedding (overload.ts): after the security headers (a refusal carries them), before any other work.
  // Liveness is never shed; readiness is, like any route, so a load balancer looks elsewhere meanwhile.
  await app.register(loadSheddingPlugin, {
    limits: overloadLimitsOf(env),
    maxInFlight: maxInFlightOf(env),
    licenseRoutes: LICENSE_ROUTES,
    neverShed: new Set([HEALTHZ_PATH]),
  });
  const { overload } = app;
  await app.register(compressionPlugin);
  // After the security headers (a 405 carries them) and before any route (their hooks see every route).
  await app.register(methodNotAllowedPlugin);
  await app.register(apiContractPlugin, { apiPrefix: API_PREFIX });

  const ctx: AppContext = { db: database.db, env, now, log: app.log };
  const accessTokens = await createAccessTokens(database.db, env, now);
  const refreshTokens = await createRefreshTokens(database.db, env.REFRESH_REUSE_GRACE_SECONDS);
  // The password step and the code step share the refusals (one hold-back recorded once) and the mfaToken.
  const refusals = createSignInRefusals(ctx);
  const mfaTokens = await createMfaTokens(database.db, env, now);
  const auth = createAuthService(ctx, accessTokens, refreshTokens, { refusals, mfaTokens });
  const mfa = createMfaService(ctx, { auth, mfaTokens, refusals });
  const apiTokens = createApiTokensService(ctx);
  const backupsService = createBackupsService(ctx);
  app.decorate('ctx', ctx);
  const checks = await wireCheckCache(app, database, env, LICENSE_ROUTES);
  const licensing = await createLicenseService(ctx, checks);
  app.decorate('licensing', licensing);
  const checkLimiter = env.VALIDATE_RATE_LIMIT
    ? createMinuteLimiter(VALIDATE_RATE_LIMIT_PER_MINUTE, now)
    : null;
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  hot.routes = createHotRoutes({
    checkUrl: LICENSE_CHECK_ROUTE,
    licensing,
    limiter: checkLimiter,
    security: securityHeadersOptions(env),
    log: app.log,
    replay: (request, body) =>
      app.inject({
        method: 'POST',
        url: request.url ?? LICENSE_CHECK_ROUTE,
        headers: request.headers,
        payload: body,
        ...(request.socket.remoteAddress ? { remoteAddress: request.socket.remoteAddress } : {}),
      }),
    isClosing: () => isClosing,
    overload,
    licenseUrls: LICENSE_ROUTES,
  });
  app.decorate('hotRoutes', hot.routes);
  // The unsubscribe links of e-mail are signed with a key derived from the server's secret, in every process alike.
  const unsubscribeTokens = await createUnsubscribeTokens(database.db, env);
  // Pending licence usage (lastUsedAt, `used` history) is written before the database closes.
  app.addHook('onClose', async () => licensing.close());
  // Single sign-on (services/oidc): the provider's discovery runs after start, and is retried while it fails.
  const oidc = await createOidcService(ctx, auth, oidcSettingsOf(env, API_PREFIX));
  app.addHook('onReady', async () => oidc.startDiscovery());
  app.addHook('onClose', async () => oidc.stop());

  await app.register(apiDocsPlugin, { publicUrl: env.PUBLIC_URL, serveUi: env.API_DOCS });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { auth, apiTokens });
  await app.register(healthRoutes, { ping: database.ping });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth });
      await api.register(oidcRoutes, { oidc, apiPrefix: API_PREFIX });
      await api.register(mfaRoutes, { mfa });
      await api.register(signInSettingsRoutes, { settings: createSignInSettingsService(ctx) });
      await api.register(apiTokenRoutes, { apiTokens });
      await api.register(userSessionRoutes, { auth });
      await api.register(licensingRoutes, { licensing, checkLimiter });
      await api.register(userRoutes, { users: createUsersService(ctx) });
      await api.register(clientRoutes, { clients: createClientsService(ctx) });
      const certificates = createCertificatesService(ctx, licensing);
      await api.register(certificateRoutes, { certificates });
      await api.register(certificateDefaultsRoutes, { defaults: createCertificateDefaultsService(ctx) });
      await api.register(dashboardRoutes, { dashboard: createDashboardService(ctx) });
      await api.register(searchRoutes, { search: createSearchService(ctx) });
      await api.register(exportRoutes, { exports: createExportsService(ctx, certificates) });
      await api.register(webhookRoutes, { webhooks: createWebhooksService(ctx) });
      await api.register(mailRoutes, { mail: createMailService(ctx, unsubscribeTokens) });
      await api.register(backupRoutes, { backups: backupsService });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  const consoleDir = options.consoleDir ?? DEFAULT_CONSOLE_DIR;
  const hasConsole = hasBuiltConsole(consoleDir);
  if (hasConsole) await app.register(consoleFilesPlugin, { consoleDir });
  const startUpPage = startUpPagesOf(consoleDir);

  app.decorate(
    'webhookDispatcher',
    scheduleBackgroundJobs(app, ctx, { unsubscribeTokens, backups: backupsService }, options),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (
      !isApi &&
      hasConsole &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      isConsoleRoute(request.url)
    ) {
      // SPA fallback: client-side routes such as /certificates load the console; a start-up page's HTML also
      // names the page's own code.
      const page = startUpPage(request.url.split('?')[0] ?? '');
      if (page) return sendStartUpPage(request, reply, page);
      return reply.header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
  });

  return app;
}

/** A console route is a path without a file extension; a missing file (an old asset, a file the build does not have) is a 404. */
function isConsoleRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path);
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** One API route and the contract schemas it validates with. */
export interface ApiRoute {
  method: string;
  url: string;
  /** `security` names the bearer token on routes that need one (the OpenAPI document says so too). */
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType; security?: readonly unknown[] };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    apiRoutes: readonly ApiRoute[];
    /** Licence signing, files and validation (src/server/licensing). */
    licensing: LicenseService;
    /** The licence check and health probe answered in front of Fastify (hot-routes.ts). */
    hotRoutes: HotRoutes;
    /** Webhook delivery (services/webhooks/dispatcher.ts); tests await `runOnce()`. */
    webhookDispatcher: WebhookDispatcher;
  }
}
