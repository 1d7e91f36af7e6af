// The PGlite folder is one process at a time: the server and the CLI hold a lock file in it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client';
import { lockDataDir } from '../../../src/server/db/data-dir-lock';
import { SERVER_CLI } from '../../../scripts/server-build.mjs';

describe('DATA_DIR lock', () => {
  it('stops a second opener with the owner pid, and frees the folder on close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-lock-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    // The CLI in another process is refused with the server's message.
    const cli = spawnSync(
      process.execPath,
      [
        SERVER_CLI,
        'create-user',
        '--email',
        'x@y.co',
        '--name',
        'X',
        '--role',
        'viewer',
        '--password',
        'password1',
      ],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
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
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid}( \\d+)?$`),
    );
    release();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('knows a live owner by pid and start time, and a reused pid as stale', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-lock-'));
    const parent = process.ppid;
    const stat = readFileSync(`/proc/${parent}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(join(dataDir, 'server.lock'), `${parent} ${startTime}`);
    expect(() => lockDataDir(dataDir)).toThrow(`DATA_DIR is in use by process ${parent}`);
    // The same pid with another start time is a process that reused the number after the owner died.
    writeFileSync(join(dataDir, 'server.lock'), `${parent} 1`);
    lockDataDir(dataDir)();
  });

  it('lets exactly one of several processes starting together take a stale lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lc-lock-'));
    writeFileSync(join(dataDir, 'server.lock'), '999999999');
    const script = `
      import { lockDataDir } from ${JSON.stringify(join(process.cwd(), 'src/server/db/data-dir-lock.ts'))};
      try { lockDataDir(${JSON.stringify(dataDir)}); console.log('got'); setTimeout(() => {}, 1500); }
      catch (error) { console.log(error.message.startsWith('DATA_DIR is in use') ? 'busy' : 'error ' + error.message); }`;
    const outcomes = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.on('exit', () => resolve(output.trim()));
          }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'got')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(5);
  }, 60_000);
});
