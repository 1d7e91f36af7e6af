// deploy/license-console.service passes `systemd-analyze verify`, which reports a bad directive on its
// output but still exits 0: any output fails the test.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './release';

const UNIT = readFileSync(join(REPO_ROOT, 'deploy', 'license-console.service'), 'utf8');

/** Everything `systemd-analyze verify` says about a unit file with this text (it checks ExecStart's binary exists, so the unit names this machine's node). */
function verify(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-unit-'));
  const file = join(dir, 'license-console.service');
  writeFileSync(file, text.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
  const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8', cwd: dir });
  return `${result.stdout}${result.stderr}`.trim() + (result.status === 0 ? '' : `\n(exit ${result.status})`);
}

describe('the systemd unit', () => {
  it('is installed with the test tools', () => {
    expect(execFileSync('systemd-analyze', ['--version'], { encoding: 'utf8' })).toMatch(/systemd \d+/);
  });

  it('verifies without a word', () => {
    expect(verify(UNIT)).toBe('');
  });

  it('would be caught with a bad directive (the check can fail)', () => {
    expect(verify(UNIT.replace('Restart=on-failure', 'Restart=on-failur'))).toContain('restart specifier');
    expect(verify(UNIT.replace('[Service]', '[Service]\nRestartt=always'))).toContain(
      "Unknown key 'Restartt'",
    );
  });

  it('runs the built server in production, restarts on failure and reads an environment file', () => {
    expect(UNIT).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(UNIT).toMatch(/^ExecStart=\/usr\/bin\/node scripts\/start\.mjs$/m);
    expect(UNIT).toMatch(/^Restart=on-failure$/m);
    expect(UNIT).toMatch(/^EnvironmentFile=\/etc\/license-console\/env$/m);
  });
});
