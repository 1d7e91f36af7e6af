#!/usr/bin/env node
// `npm test`: every stage (type-check, lint and format side by side; unit and server tests on PGlite and PostgreSQL
// with their line coverage; stories and visual baselines in Chromium; the deployment recipe and the static Storybook;
// end to end; bundle size), each timed, then one line `N passed, N failed[, N skipped]` summing them all. Exits
// non-zero when anything failed. The stages and what each proves are in docs/testing.md.
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
 * Checks that are independent of each other run side by side; each one's output is printed whole when it ends, so the
 * log reads as if they ran in turn. A check is one pass or fail by its exit code, unless it names `parts`: then it
 * counts as one check per part, each passed when `parts()` says so (a missing answer fails them all).
 */
async function checkStagesTogether(stages) {
  const results = await Promise.all(
    stages.map(
      ({ command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: { ...process.env, TZ: 'UTC' } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => resolve({ status: code ?? 1, output, ms: Date.now() - started }));
        }),
    ),
  );
  stages.forEach(({ name, parts }, index) => {
    const { status, output, ms } = results[index];
    console.log(`\n=== ${name} ===`);
    process.stdout.write(Buffer.concat(output));
    const outcomes = parts ? Object.entries(parts() ?? { [name]: false }) : [[name, status === 0]];
    for (const [, ok] of outcomes) totals[ok ? 'passed' : 'failed'] += 1;
    timings.push([
      name,
      ms,
      outcomes
        .map(([part, ok]) => (parts ? `${part} ${ok ? 'ok' : 'FAILED'}` : ok ? 'ok' : 'FAILED'))
        .join(', '),
    ]);
  });
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

/** "src/server 81.2 %, src/contract 93.0 %": the share of lines run under each folder, from coverage-summary.json. */
function lineCoverage(summaryPath, folders) {
  const summary = readJson(summaryPath);
  if (!summary) return undefined;
  return folders
    .map((folder) => {
      let covered = 0;
      let total = 0;
      for (const [file, { lines }] of Object.entries(summary)) {
        if (!file.includes(`/${folder}/`)) continue;
        covered += lines.covered;
        total += lines.total;
      }
      const share = total ? ((100 * covered) / total).toFixed(1) : '0.0';
      return `${folder} ${share} % (${covered} of ${total} lines)`;
    })
    .join(', ');
}

// The type-check and the type-aware lint on one TypeScript program (scripts/typecheck-and-lint.mjs, which says which
// of the two failed), beside Prettier.
const staticChecks = join(reportDir, 'static-checks.json');
await checkStagesTogether([
  {
    name: 'typecheck and lint (one program)',
    command: process.execPath,
    args: ['scripts/typecheck-and-lint.mjs', staticChecks],
    parts: () => readJson(staticChecks),
  },
  {
    name: 'format (prettier --check)',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level', 'warn'],
  },
]);

/** A vitest stage: the named projects in one run, its JSON report counted. */
function vitestStage(name, projects, extraArgs = []) {
  const report = join(reportDir, `${name.replace(/[^a-z]+/gi, '-')}.json`);
  reportStage(
    name,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    () => {
      const json = readJson(report);
      if (!json) return undefined;
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
      };
    },
    { CI: process.env.CI ?? 'true' },
  );
}

// Unit and server tests, with the line coverage of the server and the contract they reach (V8's counts).
const coverageDir = join(reportDir, 'coverage');
vitestStage(
  'unit and server (PGlite, PostgreSQL), with coverage',
  ['unit', 'console-unit', 'server', 'server-pg'],
  ['--coverage', `--coverage.reportsDirectory=${coverageDir}`],
);
const coverage = lineCoverage(join(coverageDir, 'coverage-summary.json'), [
  'src/server',
  'src/contract',
  'packages',
]);

// The visual suite's failed comparisons of this run only, for its review report (scripts/visual-report.mjs).
clearComparisons();
// The screenshot matcher leaves its own 15 s timer running after the last comparison, which held the run open until
// vitest's 10 s teardown bound forced it out; this stage has no teardown that needs that long.
vitestStage('stories and visual baselines (Chromium)', ['storybook', 'visual'], ['--teardownTimeout=3000']);
// A changed screenshot: reference, actual and difference side by side in one HTML page, its path printed.
reportLastRun();

vitestStage('deployment recipe and static Storybook', ['deploy', 'storybook-static']);

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
if (coverage) console.log(`\nLine coverage of the unit and server stage: ${coverage}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
