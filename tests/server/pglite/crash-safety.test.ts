// PGlite in a data folder: a killed process (not a power loss, which PGlite does not promise to survive).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { runCrashScenario, runGracefulShutdown } from '../../support/crash-harness';

describe('crash safety on PGlite', () => {
  it('keeps every acknowledged write after SIGKILL, and reopens the folder', async () => {
    await runCrashScenario({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lc-crash-')), DATABASE_URL: '' });
  }, 120_000);

  it('drains in-flight requests on SIGTERM and exits within 10 s', async () => {
    await runGracefulShutdown({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lc-term-')), DATABASE_URL: '' });
  }, 60_000);
});
