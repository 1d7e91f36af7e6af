// The PGlite folder is one process at a time: the server and the CLI hold a lock file in it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client';
import { lockDataDir } from '../../../src/server/db/data-dir-lock';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');

describe('DATA_DIR lock', () => {
  it('stops a second opener with the owner pid, and frees the folder on close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-lock-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    // The CLI in another process is refused with the server's message.
    const cli = spawnSync(tsx, ['src/server/cli.ts', 'create-user', '--email', 'x@y.co', '--name', 'X', '--role', 'viewer', '--password', 'password1'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toBe(`DATA_DIR is in use by process ${process.pid}`);
    await database.close();
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    await reopened.close();
  }, 60_000);

  it('takes over a lock left by a dead process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-lock-'));
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    writeFileSync(join(dataDir, 'server.lock'), String(deadPid));
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });
});
