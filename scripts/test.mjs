#!/usr/bin/env node
// `npm test`: every stage (type-check, lint and format side by side, then unit and server tests on PGlite and
// PostgreSQL, stories and visual baselines in Chromium, end to end, bundle size), each timed, then one line
// `N passed, N failed[, N skipped]` summing them all. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireChromium } from './chromium.mjs';
import { clearComparisons, reportLastRun } from './visual-report.mjs';

const reportDir = mkdtempSync(join(tmpdir(), 'lc-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

// CHROMIUM_PATH, then /usr/bin/chromium; without either, one line saying how to install it.
requireChromium();

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A stage that is one check: it passes or fails as a whole. */
function checkStage(name, command, args) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const status = run(command, args);
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
  timings.push([name, Date.now() - started, status === 0 ? 'ok' : 'FAILED']);
}

/**
 * Checks that are independent of each other run side by side (the type-checker and the linter each keep one core
 * busy); each one's output is printed whole when it ends, so the log reads as if they ran in turn.
 */
async function checkStagesTogether(stages) {
  const results = await Promise.all(
    stages.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: { ...process.env, TZ: 'UTC' } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => resolve({ name, status: code ?? 1, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const { name, status, output, ms } of results) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(Buffer.concat(output));
    if (status === 0) totals.passed += 1;
    else totals.failed += 1;
    timings.push([name, ms, status === 0 ? 'ok' : 'FAILED']);
  }
}

/** A stage whose runner writes a JSON report we count tests from. */
function reportStage(name, command, args, count, env) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const status = run(command, args, env);
  const counts = count();
  if (!counts) {
    // No report at all means the runner itself broke: count that as a failure, never as nothing.
    totals.failed += 1;
    timings.push([name, Date.now() - started, `FAILED (no report, exit ${status})`]);
    return;
  }
  // A runner that exits non-zero with no failed test (e.g. a crashed worker or global setup) still fails.
  if (status !== 0 && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  timings.push([
    name,
    Date.now() - started,
    `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  ]);
}

const bin = (name) => join('node_modules', '.bin', name);

await checkStagesTogether([
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
]);

const vitestReport = join(reportDir, 'vitest.json');
// The visual suite's failed comparisons of this run only, for its review report (scripts/visual-report.mjs).
clearComparisons();
reportStage(
  'vitest (unit, server on PGlite and PostgreSQL, stories, visual)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  () => {
    const report = readJson(vitestReport);
    if (!report) return undefined;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  },
  { CI: process.env.CI ?? 'true' },
);

// A changed screenshot: reference, actual and difference side by side in one HTML page, its path printed.
reportLastRun();

if (existsSync('playwright.config.ts')) {
  // Where playwright.config.ts writes its JSON report (E2E_JSON_REPORT); removed first so a stale one never counts.
  const playwrightReport = 'test-results/e2e-report.json';
  rmSync(playwrightReport, { force: true });
  reportStage('end to end (Playwright, real server, Chromium)', bin('playwright'), ['test'], () => {
    const report = readJson(playwrightReport);
    if (!report?.stats) return undefined;
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  });
}

if (existsSync('scripts/size.mjs')) checkStage('bundle size', process.execPath, ['scripts/size.mjs']);

rmSync(reportDir, { recursive: true, force: true });
console.log('\nStage timings:');
for (const [name, ms, result] of timings)
  console.log(`  ${name.padEnd(64)} ${(ms / 1000).toFixed(1).padStart(7)} s  ${result}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
