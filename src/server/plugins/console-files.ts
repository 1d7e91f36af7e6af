// Serves the built console (dist/): precompressed twins chosen by the browser's Accept-Encoding, hashed
// assets cached for good, index.html revalidated on every visit (so a new version is picked up at once),
// ETags kept. Source maps are never published: they would hand out the console's original source.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Vite names files under assets/ by their content hash: a changed file gets a new name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export function hasBuiltConsole(consoleDir: string): boolean {
  return existsSync(join(consoleDir, 'index.html'));
}

function setCacheHeaders(reply: FastifyReply, path: string) {
  reply.header('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
}

export const consoleFilesPlugin = fp(async (app: FastifyInstance, { consoleDir }: { consoleDir: string }) => {
  await app.register(fastifyStatic, {
    root: consoleDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: setCacheHeaders,
    allowedPath: (pathname) => !pathname.endsWith('.map'),
  });
});
