#!/usr/bin/env node
// The visual suite's review report: for every story whose screenshot no longer matches its baseline, the
// reference, the actual image and their difference side by side in one HTML page (reg-cli's report, with a
// slider and a diff toggle), so a reviewer sees the change instead of three PNG paths in a log.
//
// Vitest keeps a failed comparison's actual image under .vitest-attachments (`<name>-actual-…`) beside the
// baseline it did not match; this copies each pair under the story's name into test-results/visual-report and
// lets reg-cli compare them and write index.html. `node scripts/visual-report.mjs --run` runs the visual suite first and exits with its
// status (`npm run test:visual`); without --run it only reports on the last run (`npm test` calls it so).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const ATTACHMENTS = join('.vitest-attachments', 'tests', 'visual');
const BASELINES = join('tests', 'visual', '__screenshots__');
const REPORT_DIR = join('test-results', 'visual-report');
const ACTUAL = /^(.*)-actual-(chromium-[a-z0-9]+)\.png$/;
/** The comparator's own proof (tests/visual/comparator.visual.test.tsx) fails a comparison on purpose every run. */
const ON_PURPOSE = /^comparator-proof-/;

/** Every file below `dir`. */
const filesBelow = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    : [];

/**
 * The failed comparisons of the last run: each story's actual image (Vitest leaves it in `attachments`, in the folder
 * vitest.config.ts names) and its reference, the baseline of the same name in `baselines`.
 */
export function failedComparisons(attachments = ATTACHMENTS, baselines = BASELINES) {
  return filesBelow(attachments).flatMap((path) => {
    const match = ACTUAL.exec(basename(path));
    if (!match || ON_PURPOSE.test(match[1])) return [];
    const [, name, browser] = match;
    const reference = join(baselines, basename(dirname(path)), `${name}-${browser}.png`);
    return existsSync(reference) ? [{ name, reference, actual: path }] : [];
  });
}

/** Writes the report for `failures` into `dir`; returns the path of its index.html. */
export function writeReport(failures, dir = REPORT_DIR) {
  rmSync(dir, { recursive: true, force: true });
  for (const folder of ['expected', 'actual']) mkdirSync(join(dir, folder), { recursive: true });
  for (const { name, reference, actual } of failures) {
    copyFileSync(reference, join(dir, 'expected', `${name}.png`));
    copyFileSync(actual, join(dir, 'actual', `${name}.png`));
  }
  const report = join(dir, 'index.html');
  const result = spawnSync(
    join('node_modules', '.bin', 'reg-cli'),
    [
      join(dir, 'actual'),
      join(dir, 'expected'),
      join(dir, 'diff'),
      '--report',
      report,
      '--json',
      join(dir, 'reg.json'),
      // Any changed pixel is shown: the suite itself decides what fails; this only draws what changed.
      '--ignoreChange',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`reg-cli failed (exit ${result.status})`);
  return report;
}

/** Forgets the images of an earlier run, so the report shows only what the next run finds. */
export const clearComparisons = () => rmSync(ATTACHMENTS, { recursive: true, force: true });

function main() {
  let status = 0;
  if (process.argv.includes('--run')) {
    clearComparisons();
    status =
      spawnSync(join('node_modules', '.bin', 'vitest'), ['run', '--project', 'visual'], { stdio: 'inherit' })
        .status ?? 1;
  }
  reportLastRun();
  process.exit(status);
}

/** Writes the report when the last run had failed comparisons, and prints where it is. */
export function reportLastRun() {
  const failures = failedComparisons();
  if (failures.length === 0) return;
  const report = writeReport(failures);
  console.log(
    `Visual changes in ${failures.length} ${failures.length === 1 ? 'story' : 'stories'}: reference, actual and difference side by side in ${relative(process.cwd(), report)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
