// The key that encrypts two-factor secrets at rest (docs/sign-in.md "The secrets key", ADR 0015). It must not live in
// the database it protects: a copy of the database (a backup, a dump, a replica) alone must not read the secrets. So
// it is SECRETS_KEY from the environment, or else a key file beside the data, `${DATA_DIR}/secrets.key`, made on first
// need with mode 0600.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Env } from '../../env';
import type { AppContext } from '../shared/context';
import { parseKeyText } from '../shared/key-text';

export const SECRETS_KEY_FILE = 'secrets.key';

/** A key written as 64 hex digits or as base64 (what SECRETS_KEY and the key file hold), or null when it is not one. */
export const parseSecretsKey = parseKeyText;
const KEY_BYTES = 32;

/** What went wrong with the key file, for an operator: the path and the fix, never the key. */
export class SecretsKeyError extends Error {}

function readKeyFile(path: string): Buffer {
  const key = parseSecretsKey(readFileSync(path, 'utf8'));
  if (!key)
    throw new SecretsKeyError(
      `${path} does not hold a secrets key (32 bytes as 64 hex digits or base64); restore it from a backup or set SECRETS_KEY`,
    );
  return key;
}

/**
 * Creates the key file if there is none, atomically: the key is written to a file of this process's own and then
 * linked to the final name, which fails when another process (a second server, the CLI) got there first; then
 * every process reads the one file that won, never a half-written one.
 */
function createKeyFile(path: string): void {
  const pending = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(pending, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(pending, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(pending);
  }
}

export interface SecretsKeySource {
  key: Buffer;
  /** Where it came from, for the log line that says so (never the key). */
  from: 'SECRETS_KEY' | string;
  /** The key file was made just now: every secret encrypted before (with a lost key) is unreadable. */
  created: boolean;
  /** The key file can be read by others than its owner. */
  looseMode: boolean;
}

/** SECRETS_KEY, or the key file in DATA_DIR, made when missing. Throws SecretsKeyError when the file is not a key. */
export function loadSecretsKey(env: Pick<Env, 'SECRETS_KEY' | 'DATA_DIR'>): SecretsKeySource {
  if (env.SECRETS_KEY) {
    // env.ts has checked its shape already.
    const key = parseSecretsKey(env.SECRETS_KEY);
    if (!key) throw new SecretsKeyError('SECRETS_KEY is not 32 bytes as 64 hex digits or base64');
    return { key, from: 'SECRETS_KEY', created: false, looseMode: false };
  }
  const path = join(env.DATA_DIR, SECRETS_KEY_FILE);
  let created = false;
  try {
    statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(env.DATA_DIR, { recursive: true });
    createKeyFile(path);
    created = true;
  }
  const looseMode = process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0;
  return { key: readKeyFile(path), from: path, created, looseMode };
}

/**
 * The key as the server uses it: read (or made) on first need and kept, with a log line for what an operator must
 * know (a key file made while secrets exist, a key file on a shared PostgreSQL, a key file others can read). A
 * failure is not kept, so a fixed file is picked up by the next request.
 */
export function lazySecretsKey({ db, env, log }: AppContext): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  const load = async () => {
    const source = loadSecretsKey(env);
    if (source.created) {
      const orphaned = await db.$count(users, isNotNull(users.mfaSecret));
      const line = { event: 'mfa.secrets_key_created', path: source.from, unreadableSecrets: orphaned };
      if (orphaned > 0)
        log.error(
          line,
          'made a new secrets key file although two-factor secrets exist: they were encrypted with a key that is gone, and those users must use a recovery code or be reset (docs/sign-in.md)',
        );
      else log.info(line, 'made the secrets key file: back it up with the data folder (docs/sign-in.md)');
    }
    if (env.DATABASE_URL && source.from !== 'SECRETS_KEY')
      log.warn(
        { event: 'mfa.secrets_key_file_with_postgres', path: source.from },
        'two-factor secrets are encrypted with a key file of this host: every server on this database needs the same key, so set SECRETS_KEY on each (docs/sign-in.md)',
      );
    if (source.looseMode)
      log.warn(
        { event: 'mfa.secrets_key_mode', path: source.from },
        'the secrets key file can be read by other users: chmod 600 it',
      );
    return source.key;
  };
  return () =>
    (key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
}
