#!/usr/bin/env node
// The package's command line (`npx license-console verify <file> --public-key <pem>`). Plain JS so `node` runs it
// as installed; it registers tsx (a dependency) to load the TypeScript verifier it shares with the server.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/server/licensing/verify-cli.ts');
process.exitCode = main(process.argv.slice(2));
