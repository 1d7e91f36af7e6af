// Serves the built console (dist/): precompressed twins chosen by the browser's Accept-Encoding, hashed
// assets cached for good, index.html revalidated on every visit (so a new version is picked up at once),
// ETags kept. Source maps are never published: they would hand out the console's original source.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_PRELOADS_FILE, type PagePreloads } from './page-preloads-file';

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

/** A start-up page's HTML (index.html naming the page's own files), compressed once, and its entity tag. */
export interface StartUpPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * index.html for each start-up page of the build (PAGE_PRELOADS_FILE, written by scripts/page-preloads.ts): the
 * page's chunks as module preloads and its styles as preloads, so the browser fetches them beside the entry. They
 * are only fetched early, not run: the entry imports them as before. A build without the list has none.
 */
function loadStartUpPages(consoleDir: string): Map<string, StartUpPage> {
  const pages = new Map<string, StartUpPage>();
  const listFile = join(consoleDir, PAGE_PRELOADS_FILE);
  if (!existsSync(listFile)) return pages;
  const index = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, PagePreloads>;
  for (const [path, { scripts, styles }] of Object.entries(list)) {
    const links = [
      // crossorigin as the entry's own module requests are made, so the preloaded answers are the ones used; low
      // priority so the entry, which draws the first paint, keeps the link to itself first (docs/performance.md).
      ...scripts.map(
        (href) =>
          `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`,
      ),
      ...styles.map(
        (href) =>
          `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`,
      ),
    ];
    const html = Buffer.from(
      index.replace(
        /([ \t]*)<\/head>/,
        (_, indent: string) => `${links.map((link) => `${indent}  ${link}\n`).join('')}${indent}</head>`,
      ),
    );
    pages.set(path, {
      html,
      br: brotliCompressSync(html),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    });
  }
  return pages;
}

/** Which build the console folder holds: its list's and index.html's times and sizes ('' while either is missing). */
function buildVersion(consoleDir: string): string {
  try {
    return [PAGE_PRELOADS_FILE, 'index.html']
      .map((file) => statSync(join(consoleDir, file)))
      .map(({ mtimeMs, size }) => `${mtimeMs}:${size}`)
      .join('/');
  } catch {
    return '';
  }
}

/**
 * The start-up page at an address (its path, without the query), if it is one. The pages are built again when the
 * build changes: a console rebuilt under a running server has new file names, and its old ones are gone. A build
 * caught half-written has none until it is whole; its addresses get index.html as it is.
 */
export function startUpPagesOf(consoleDir: string): (path: string) => StartUpPage | undefined {
  let loadedVersion: string | null = null;
  let pages = new Map<string, StartUpPage>();
  return (path) => {
    const version = buildVersion(consoleDir);
    if (version !== loadedVersion) {
      try {
        pages = loadStartUpPages(consoleDir);
        loadedVersion = version;
      } catch {
        pages = new Map();
      }
    }
    return pages.get(path);
  };
}

/** The encoding to send a start-up page in: brotli or gzip when the browser takes it (not with q=0), else none. */
function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([coding]) => coding?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends a start-up page: 304 when the browser holds this version, else the page in the encoding it takes. */
export function sendStartUpPage(request: FastifyRequest, reply: FastifyReply, page: StartUpPage) {
  reply.header('cache-control', REVALIDATE_CACHE).header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .send(encoding ? page[encoding] : page.html);
}
