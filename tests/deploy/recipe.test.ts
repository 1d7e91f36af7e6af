// The deployment recipe of docs/deployment.md, run as written on a copy of the checkout: install without
// devDependencies, run the built console and server with NODE_ENV=production. Both are built where
// devDependencies exist (here: this checkout's own builds, as `npm run build` makes them before the prune).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../scripts/console-build.mjs';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { copyCheckout, installForProduction, REPO_ROOT, startRelease } from './release';
import { ON_THE_SUITES_MACHINE } from '../support/server-process';

let root: string;

beforeAll(async () => {
  root = copyCheckout();
  installForProduction(root);
  // `npm run build` where devDependencies exist: this checkout's build (made fresh if stale).
  ensureConsoleBuilt();
  await ensureServerBuilt();
  expect(existsSync(join(root, 'dist'))).toBe(false);
  expect(existsSync(join(root, 'dist-server'))).toBe(false);
  expect(existsSync(join(root, 'node_modules', 'vite'))).toBe(false);
}, 240_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a production install (no devDependencies)', () => {
  it('refuses to start without a build, saying how to make one', async () => {
    const release = await startRelease(root, { NODE_ENV: 'production', DATA_DIR: join(root, 'data') });
    expect(await release.exited).toBe(1);
    expect(release.output()).toContain('The console is not built: run `npm run build`');
  });

  it('outside production, says that building needs the devDependencies instead of crashing', async () => {
    const release = await startRelease(root, { NODE_ENV: 'development', DATA_DIR: join(root, 'data') });
    expect(await release.exited).toBe(1);
    expect(release.output()).toContain('Vite is not installed: this looks like a production install');
  });

  it('refuses to start with the console built but not the server', async () => {
    cpSync(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
    const release = await startRelease(root, { NODE_ENV: 'production', DATA_DIR: join(root, 'data') });
    expect(await release.exited).toBe(1);
    expect(release.output()).toContain('The server is not built: run `npm run build`');
  });

  it('serves the built console and the API with NODE_ENV=production', async () => {
    cpSync(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
    cpSync(join(REPO_ROOT, 'dist-server'), join(root, 'dist-server'), { recursive: true });
    const release = await startRelease(root, {
      NODE_ENV: 'production',
      ...ON_THE_SUITES_MACHINE,
      DATA_DIR: join(root, 'data'),
      OWNER_EMAIL: 'owner@example.test',
      OWNER_PASSWORD: 'owner-password-1',
      PUBLIC_URL: 'https://licences.example.com',
    });
    try {
      expect(release.child.exitCode, release.output()).toBeNull();
      expect(release.output()).toContain('License Console is running at https://licences.example.com/');
      const page = await fetch(`${release.url}/certificates`, { headers: { 'accept-encoding': 'br' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-encoding')).toBe('br');
      const html = await page.text(); // fetch decodes it
      const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeTruthy();
      const script = await fetch(`${release.url}${entry}`);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const login = await fetch(`${release.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.test', password: 'owner-password-1' }),
      });
      expect(login.status).toBe(200);
      const openapi = (await (await fetch(`${release.url}/api/v1/openapi.json`)).json()) as {
        servers?: { url: string }[];
      };
      expect(openapi.servers).toEqual([{ url: 'https://licences.example.com' }]);
      // Production turns the API reference page off.
      expect((await fetch(`${release.url}/api/docs/`)).status).toBe(404);
    } finally {
      await release.stop();
    }
    expect(await release.exited).toBe(0);
  });
});
