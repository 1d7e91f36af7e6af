// Builds the Fastify instance (used by main.ts and by every server test through `inject`).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyLoggerOptions, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MESSAGES } from '../contract/errors';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { authRoutes } from './routes/auth';
import { createLicenseService, type LicenseService } from './licensing/license-service';
import { licensingRoutes } from './routes/licensing';
import { certificateRoutes } from './routes/certificates';
import { clientRoutes } from './routes/clients';
import { dashboardRoutes } from './routes/dashboard';
import { exportRoutes } from './routes/exports';
import { userRoutes } from './routes/users';
import { healthRoutes } from './routes/health';
import { createAccessTokens } from './services/access-tokens';
import { createAuthService } from './services/auth-service';
import { createCertificatesService } from './services/certificates-service';
import { createClientsService } from './services/clients-service';
import { createDashboardService } from './services/dashboard-service';
import { startExpirySweeper, type ExpirySweeper } from './services/expiry-sweep';
import { createExportsService } from './services/exports-service';
import { createUsersService } from './services/users-service';
import type { AppContext, Clock } from './services/context';

export const API_PREFIX = '/api/v1';
export const BODY_LIMIT_BYTES = 1024 * 1024;
const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

export interface BuildAppOptions {
  database: DatabaseHandle;
  env: Env;
  /** The clock every service reads (tests move it). */
  now?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The expiry sweep (at start, then every minute); `false` turns it off (tests that drive it themselves). */
  expirySweep?: { intervalMs?: number } | false;
  /** The built console; served with an SPA fallback when it holds an index.html. */
  consoleDir?: string;
}

/** pino options: request ids, and nothing secret ever written. */
export function loggerOptions(level: string): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'newPassword', 'currentPassword', 'token', 'refreshToken', 'accessToken', '*.password', '*.token'],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(options: BuildAppOptions) {
  const { database, env } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: env.TRUST_PROXY,
    // Error bodies carry our own messages, never Fastify's internals.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // The console sends `Content-Type: application/json` on every call, also on bodiless ones (DELETE,
  // activate); Fastify refuses an empty JSON body, so an empty one means "no body". Prototype-poisoning
  // keys stay refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  // The API's route table with each route's contract schemas: the robustness tests walk it, so a new
  // route is fuzzed without anyone remembering to add it.
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
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });

  const ctx: AppContext = { db: database.db, env, now, log: app.log };
  const accessTokens = await createAccessTokens(database.db, env, now);
  const auth = createAuthService(ctx, accessTokens);
  app.decorate('ctx', ctx);
  const licensing = await createLicenseService(ctx);
  app.decorate('licensing', licensing);
  // Pending licence usage (lastUsedAt, `used` history) is written before the database closes.
  app.addHook('onClose', async () => licensing.close());

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'License Console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(authPlugin, { auth });
  await app.register(healthRoutes, { ping: database.ping });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth });
      await api.register(licensingRoutes, { licensing });
      await api.register(userRoutes, { users: createUsersService(ctx) });
      await api.register(clientRoutes, { clients: createClientsService(ctx) });
      const certificates = createCertificatesService(ctx, licensing);
      await api.register(certificateRoutes, { certificates });
      await api.register(dashboardRoutes, { dashboard: createDashboardService(ctx) });
      await api.register(exportRoutes, { exports: createExportsService(ctx, certificates) });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  if (env.API_DOCS) await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI's own policy: its scripts by hash (no inline scripts), but it sets inline styles at run
      // time, which only 'unsafe-inline' styles allow; and it is never framed, like the console.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'").replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });

  const consoleDir = options.consoleDir ?? DEFAULT_CONSOLE_DIR;
  const hasConsole = existsSync(join(consoleDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: false });

  if (options.expirySweep !== false) {
    const sweepOptions = options.expirySweep ?? {};
    let sweeper: ExpirySweeper | undefined;
    app.addHook('onReady', async () => {
      sweeper = startExpirySweeper(ctx, sweepOptions);
    });
    // A sweep in progress finishes before close resolves (and so before the database closes).
    app.addHook('onClose', async () => sweeper?.stop());
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (!isApi && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      // SPA fallback: client-side routes such as /certificates load the console.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
  });

  return app;
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
  }
}
