// `npm run size`: the console's initial JavaScript (the entry script and what index.html preloads, i.e.
// everything the browser fetches before the first screen) must stay under the budget; every route beyond it loads
// lazily. The budget is 150 KiB, the target docs/performance.md sets: the console reached it once zod left the
// entry, the first screen became one chunk and the top bar's Menu popover began to load on first use (133.4 KiB;
// 132.7 KiB once package.json named the modules that have side effects).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR, ensureConsoleBuilt } from './console-build.mjs';

const BUDGET_BYTES = 150 * 1024;

ensureConsoleBuilt();
const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);
if (initial.length === 0) {
  console.error('No entry script found in dist/index.html');
  process.exit(1);
}

let total = 0;
for (const file of new Set(initial)) {
  const bytes = gzipSync(readFileSync(join(DIST_DIR, file.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  console.log(`  ${file.padEnd(48)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB gzipped`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `Initial JavaScript: ${(total / 1024).toFixed(1)} KiB gzipped, ${verdict} the ${BUDGET_BYTES / 1024} KiB budget`,
);

/**
 * What a route loads beyond the entry: the files the entry's router preloads for its lazy page (Vite's
 * `__vite__mapDeps`, an index list into one table of file names).
 */
function routeFiles(pageName) {
  for (const file of new Set(initial)) {
    const code = readFileSync(join(DIST_DIR, file.replace(/^\//, '')), 'utf8');
    const table = code.match(/m\.f=\[([^\]]*)\]/);
    const route = code.match(new RegExp(`\\{${pageName}:e\\}\\},__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`));
    if (!table || !route) continue;
    const names = JSON.parse(`[${table[1]}]`);
    return route[1].split(',').map((index) => names[Number(index)]);
  }
  return null;
}

// The dashboard draws plain tables and no date field: react-aria's grid and the date fields (chunks of their own,
// vite.config.ts) stay off its first load, the page Lighthouse measures (docs/performance.md).
const HEAVY_CHUNK = /^(grid|date-fields)-.*\.js$/;
const heavyChunks = readdirSync(join(DIST_DIR, 'assets')).filter((file) => HEAVY_CHUNK.test(file));
const dashboard = routeFiles('DashboardPage');
const heavy = dashboard?.filter((file) => HEAVY_CHUNK.test(file.replace(/^assets\//, ''))) ?? [];
if (heavyChunks.length !== 2)
  console.error(`Expected the grid and date-fields chunks, found: ${heavyChunks.join(', ')}`);
if (!dashboard) console.error('The dashboard route was not found in the entry chunk');
else {
  const bytes = dashboard
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length, 0);
  console.log(
    `Dashboard route: ${(bytes / 1024).toFixed(1)} KiB gzipped in ${dashboard.length} files` +
      (heavy.length ? `, but it loads ${heavy.join(', ')}` : ', without the grid or the date fields'),
  );
}
process.exit(total <= BUDGET_BYTES && heavyChunks.length === 2 && dashboard && heavy.length === 0 ? 0 : 1);
