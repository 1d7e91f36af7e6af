// Where the server finds the files it ships with: the built console and the migrations, beside package.json. Found
// from the repository's root rather than from this module's own folder, so the same paths hold whether the server
// runs from its sources (src/server, through tsx) or from its build (dist-server/, scripts/server-build.mjs).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function rootAbove(folder: string): string {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir)
      throw new Error(`No package.json above ${folder}: the server runs from its release folder`);
  }
}

export const ROOT_DIR = rootAbove(dirname(fileURLToPath(import.meta.url)));
/** The console as `npm run build` leaves it. */
export const CONSOLE_DIST_DIR = join(ROOT_DIR, 'dist');
/** The SQL migrations, applied at start. */
export const MIGRATIONS_DIR = join(ROOT_DIR, 'drizzle');
