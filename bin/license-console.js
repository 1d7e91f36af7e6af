#!/usr/bin/env node
// The package's command line (`npx license-console verify <file> --public-key <pem>`). Plain JS so `node` runs it
// as installed; it registers tsx (a dependency) to load the TypeScript verifier it shares with the server, and a
// resolve hook that adds the `license-console-source` condition, so the workspace package @license-console/license-client loads
// from its TypeScript sources as it does in the server's build and tests (no build of the package needed).
import { register as registerHooks } from 'node:module';
import { register } from 'tsx/esm/api';

const addSourceCondition = `export async function resolve(specifier, context, next) {
  return next(specifier, { ...context, conditions: [...new Set(['license-console-source', ...context.conditions])] });
}`;
registerHooks(`data:text/javascript,${encodeURIComponent(addSourceCondition)}`);
register();
const { main } = await import('../src/server/licensing/verify-cli.ts');
process.exitCode = main(process.argv.slice(2));
