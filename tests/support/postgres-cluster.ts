// A throwaway PostgreSQL cluster for tests: the machine's own binaries, a temporary folder, a free port.
// Everything here runs as root and initdb refuses root, so the cluster runs as the `postgres` system user.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** Connection URL of the `postgres` database as superuser. */
  url: string;
  urlFor(database: string): string;
  stop(): void;
}

function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error(
      'PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin: install them with `apt-get install -y postgresql` (.ci/run does).',
    );
  }
  return join(root, version, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'lc-pg-'));
  chmodSync(dir, 0o755);
  const run = (program: string, args: string[]) => {
    const command = isRoot ? 'runuser' : join(bin, program);
    const argv = isRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    execFileSync(command, argv, { stdio: 'pipe' });
  };
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '--no-sync', '-U', 'postgres', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    urlFor,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
