// Compresses API answers above a small size (gzip, or brotli for clients that take only that), so the console's
// lists and exports do not need a compressing proxy in front. The console's own files are precompressed at
// build time and served as they are (plugins/console-files.ts); compress skips anything already encoded.
//
// Never compressed:
// - answers that carry a secret (route config `carriesSecret`: tokens, later API tokens and signing
//   secrets): compressing a secret next to text an attacker can influence opens it to length side channels
//   (BREACH);
// - the licence check: its answer is a few hundred bytes, under the threshold anyway, and the hook's work
//   would be pure cost on the route every licensed machine calls (docs/performance.md).
// Request bodies are not decompressed: the API takes plain JSON, and a compressed body would only be a way
// around the body size limit.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compression would save little and cost a round of work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret (a token, a signing secret): sent with `no-store` and never compressed. */
    carriesSecret?: boolean;
  }
}

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (registered below), which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (route.config?.carriesSecret) route.compress = false;
  });
  await app.register(fastifyCompress, {
    // gzip first: on a page of 100 certificates (30 KB of JSON) brotli at its light level made the answer no
    // smaller (6.9 KB against 7.0 KB) and cost 15 % of the route's throughput, gzip 2 % (docs/performance.md).
    encodings: ['gzip', 'br'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
});
