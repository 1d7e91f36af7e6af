// The OpenAPI document (`GET /api/v1/openapi.json`, built from the routes' contract schemas by openapi.ts) and, when
// API_DOCS is on, Swagger UI at /api/docs. Registered before the routes: the document collects them as they are added.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRODUCT_TITLE } from '../../contract/constants';
import { API_DESCRIPTION, openapiTransform } from '../openapi';

export const apiDocsPlugin = fp(
  async (
    app: FastifyInstance,
    { publicUrl, serveUi }: { publicUrl?: string | undefined; serveUi: boolean },
  ) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: `${PRODUCT_TITLE} API`, version: '1.0.0', description: API_DESCRIPTION },
        ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'A staff access token from `POST /auth/login` or `POST /auth/refresh` (15 minutes).',
            },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'lc_…',
              description:
                'An API token (`lc_` + 43 characters) from `POST /api-tokens`, acting with its role (never on sessions, passwords or API tokens).',
            },
            refreshCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: 'lc_refresh',
              description: "The console's HttpOnly refresh cookie, set by sign-in and refresh.",
            },
          },
        },
      },
      transform: openapiTransform,
    });
    if (!serveUi) return;
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI's own policy: its scripts by hash (no inline scripts), but it sets inline styles at run
      // time, which only 'unsafe-inline' styles allow; and it is never framed, like the console.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          // Not on plain HTTP, where it would break the page (plugins/security-headers.ts); this page loads only
          // its own files from this origin, so over HTTPS it has nothing to upgrade either.
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'api-docs' },
);
