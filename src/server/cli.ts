// Admin tasks: `npm run cli -- <command> [options]`. Runs on the same database as the server
// (and refuses a DATA_DIR that a running server holds).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { passwordSchema } from '../contract/auth';
import { ROLE_IDS, roleNameSchema } from '../contract/roles';
import { createUserRequestSchema } from '../contract/users';
import type { DatabaseHandle } from './db/client';
import { users } from './db/schema';
import { loadEnv, type Env } from './env';
import { rotateSigningKey } from './licensing/keys';
import { configuredDatabaseOptions, openConfiguredDatabase } from './open-database';
import { recordActivity } from './services/shared/audit';
import { hashPassword } from './services/auth/passwords';
import { clearFactor } from './services/mfa/account-factor';
import { endSessions } from './services/auth/sessions';
import { changeSignInRules } from './services/auth/sign-in-settings';
import { findUserByEmail } from './services/users/staff-users';
import { BULK_USER_PASSWORD, progressBar, seedBulk } from './seed/bulk';
import { DEMO_PASSWORD, DemoSeedRefused, describeDemoSeed, seedDemo } from './seed/demo';
import { createLicenseService } from './licensing/license-service';
import { BackupError, isEncryptedBackup, type BackupManifest } from './services/backups/backup-file';
import { restoreBackup, verifyBackup } from './services/backups/restore';
import { parseKeyText } from './services/shared/key-text';

type Values = Record<string, string | boolean | undefined>;

interface Command {
  usage: string;
  description: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** Takes file arguments after the command (`restore FILE`). */
  positionals?: number;
  /** Runs on the configured database, opened (and migrated) for it. */
  run?(database: DatabaseHandle, values: Values, files: string[]): Promise<string>;
  /** Runs without opening the database (a restore makes it). */
  runAlone?(env: Env, values: Values, files: string[]): Promise<string>;
}

class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

/** Reads one line from stdin; on a terminal the prompt shows but the typed characters do not. */
async function readSecretLine(prompt: string): Promise<string> {
  const isTerminal = Boolean(process.stdin.isTTY);
  let isMuted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!isMuted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: isTerminal });
  process.stderr.write(prompt);
  isMuted = isTerminal;
  try {
    return await rl.question('');
  } finally {
    rl.close();
    if (isTerminal) process.stderr.write('\n');
  }
}

/** Reads a password from the terminal (or from stdin when piped), checked like the API checks it. */
async function askPassword(given: string | boolean | undefined): Promise<string> {
  const password = typeof given === 'string' ? given : await readSecretLine('Password: ');
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'Invalid password');
  return parsed.data;
}

const CLI_ACTOR = { id: null, name: 'CLI' } as const;

/**
 * The key of an encrypted backup: BACKUP_KEY, else typed at a terminal (never on the command line, where it would
 * stay in the shell's history and the process list); none for a backup that is not encrypted.
 */
async function backupKeyFor(env: Env, path: string): Promise<Buffer | undefined> {
  if (!(await isEncryptedBackup(path))) return undefined;
  if (env.BACKUP_KEY) return parseKeyText(env.BACKUP_KEY)!;
  if (!process.stdin.isTTY)
    throw new BackupError(
      'This backup is encrypted: set BACKUP_KEY, or run the command in a terminal to type the key',
    );
  const key = parseKeyText(await readSecretLine('Backup key: '));
  if (!key) throw new BackupError('That is not a backup key: 32 bytes as 64 hex digits or base64');
  return key;
}

const describeManifest = (manifest: BackupManifest & { restoredRows?: number }) => {
  const rows = manifest.restoredRows ?? Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  return `${rows.toLocaleString('en-US')} rows in ${Object.keys(manifest.tables).length} tables, migration ${manifest.lastMigration}`;
};

export const commands: Record<string, Command> = {
  restore: {
    usage: 'restore FILE',
    description:
      'Restore a backup into an empty DATA_DIR or an empty PostgreSQL database (DATABASE_URL); the key of an encrypted one from BACKUP_KEY or typed.',
    options: {},
    positionals: 1,
    async runAlone(env, _values, [file]) {
      const target = configuredDatabaseOptions(env);
      const { manifest, rows } = await restoreBackup(
        file!,
        await backupKeyFor(env, file!),
        target,
        new Date(),
      );
      return [
        `Restored the backup (${describeManifest({ ...manifest, restoredRows: rows })}) into ${target.kind === 'postgres' ? 'the PostgreSQL database' : target.dataDir}.`,
        `The backup was taken at ${manifest.createdAt}: revocations, API-token revocations and key rotations made after this time are undone.`,
        'Every session was ended: staff sign in again.',
      ].join('\n');
    },
  },
  'verify-backup': {
    usage: 'verify-backup FILE',
    description: 'Check a backup (its key, checksum, row counts and schema) without restoring it.',
    options: {},
    positionals: 1,
    async runAlone(env, _values, [file]) {
      const key = await backupKeyFor(env, file!);
      const manifest = await verifyBackup(file!, key);
      return `The backup is whole: taken at ${manifest.createdAt}, ${describeManifest(manifest)}, ${key ? 'encrypted' : 'not encrypted'}.`;
    },
  },
  'seed-demo': {
    usage: 'seed-demo [--password PASSWORD]',
    description: `Fill an empty database with a realistic demo set: staff of every role, 30 clients, 200 certificates with history (password '${DEMO_PASSWORD}' unless given).`,
    options: { password: { type: 'string' } },
    async run({ db }, values) {
      const password = values.password === undefined ? DEMO_PASSWORD : await askPassword(values.password);
      // A silent logger: the CLI prints its own summary.
      const licenses = await createLicenseService({
        db,
        env: loadEnv(),
        now: () => new Date(),
        log: Fastify({ logger: false }).log,
      });
      try {
        return describeDemoSeed(await seedDemo(db, { password, licenses }));
      } catch (error) {
        if (error instanceof DemoSeedRefused) throw new UsageError(error.message);
        throw error;
      } finally {
        await licenses.close();
      }
    },
  },
  'rotate-signing-key': {
    usage: 'rotate-signing-key',
    description:
      'Generate a new current licence signing key; earlier keys stay and still verify the licences they signed.',
    options: {},
    async run({ db }) {
      if (loadEnv().LICENSE_SIGNING_KEY_FILE) {
        // The server would make the file's key current again at its next start.
        throw new UsageError(
          'LICENSE_SIGNING_KEY_FILE is set: put a new key in that file (or unset it) and restart the server instead',
        );
      }
      const { kid, previousKid } = await rotateSigningKey(db, new Date(), CLI_ACTOR);
      return `New current licence signing key ${kid}${previousKid ? ` (was ${previousKid}; it still verifies the licences it signed)` : ''}. Running servers sign with it from now on.`;
    },
  },
  'seed-bulk': {
    usage: 'seed-bulk [--clients 100000] [--certificates 1000000] [--users 1000]',
    description: 'Fill the database with a large generated data set (with history) for benchmarks.',
    options: { clients: { type: 'string' }, certificates: { type: 'string' }, users: { type: 'string' } },
    async run({ db }, values) {
      const count = (name: string, fallback: number) => {
        const value = values[name] === undefined ? fallback : Number(values[name]);
        if (!Number.isInteger(value) || value < 1 || value > 50_000_000)
          throw new UsageError(`--${name} must be a whole number from 1`);
        return value;
      };
      const options = {
        clients: count('clients', 100_000),
        certificates: count('certificates', 1_000_000),
        users: count('users', 1000),
      };
      const started = Date.now();
      const isTty = process.stderr.isTTY;
      let lastPhase = '';
      await seedBulk(db, {
        ...options,
        onProgress(phase, done, total) {
          // On a terminal the bar redraws in place; in a log, one line per phase change and per 10 %.
          if (isTty)
            process.stderr.write(`\r${progressBar(phase, done, total)}${done === total ? '\n' : ''}`);
          else if (
            phase !== lastPhase ||
            done === total ||
            Math.floor((done / total) * 10) !== Math.floor(((done - 1) / total) * 10)
          ) {
            process.stderr.write(`${progressBar(phase, done, total)}\n`);
          }
          lastPhase = phase;
        },
      });
      return `Seeded ${options.users} users, ${options.clients} clients and ${options.certificates} certificates in ${((Date.now() - started) / 1000).toFixed(1)} s (user password: ${BULK_USER_PASSWORD})`;
    },
  },
  'create-user': {
    usage: 'create-user --email EMAIL --name NAME --role owner|admin|editor|viewer [--password PASSWORD]',
    description: 'Create a staff user of any role, owner included (asks for the password when not given).',
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
    async run({ db }, values) {
      // The rules the API applies to a new user (docs/requirements.md#validation texts).
      const fields = createUserRequestSchema
        .pick({ email: true, name: true })
        .safeParse({ email: required(values, 'email'), name: required(values, 'name') });
      if (!fields.success) throw new UsageError(fields.error.issues[0]?.message ?? 'Invalid user');
      const { email, name } = fields.data;
      const role = roleNameSchema.safeParse(required(values, 'role'));
      if (!role.success) throw new UsageError('--role must be one of owner, admin, editor, viewer');
      if (await findUserByEmail(db, email)) throw new UsageError('A user with this email already exists');
      const passwordHash = await hashPassword(await askPassword(values.password));
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ id, name, email, passwordHash, roleId: ROLE_IDS[role.data] });
        await recordActivity(tx, CLI_ACTOR, {
          type: 'user.created',
          targetType: 'user',
          targetId: id,
          description: `${name} (${role.data}) created from the CLI`,
        });
      });
      return `Created ${role.data} ${email}`;
    },
  },
  'reset-password': {
    usage: 'reset-password --email EMAIL [--password PASSWORD]',
    description: "Set a user's password (asks for it when not given) and sign them out everywhere.",
    options: { email: { type: 'string' }, password: { type: 'string' } },
    async run({ db }, values) {
      const email = required(values, 'email');
      const user = await findUserByEmail(db, email);
      if (!user) throw new UsageError(`No user with email ${email}`);
      const passwordHash = await hashPassword(await askPassword(values.password));
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await endSessions(tx, { userId: user.id }, new Date());
        await recordActivity(tx, CLI_ACTOR, {
          type: 'user.password_reset',
          targetType: 'user',
          targetId: user.id,
          description: `Password of ${email} reset from the CLI`,
        });
      });
      return `Password of ${email} reset; their sessions are signed out`;
    },
  },
  // Locked out (docs/sign-in.md "Locked out"): an owner who lost their authenticator, or staff whose single sign-on
  // is down while password sign-in is off. Both recorded in the activity log as the CLI's.
  'reset-mfa': {
    usage: 'reset-mfa --email EMAIL',
    description:
      "Remove a user's two-factor sign-in (authenticator and recovery codes), e.g. an owner who lost their phone: they sign in with their password alone and set up a new authenticator (at once, when owners require codes).",
    options: { email: { type: 'string' } },
    async run({ db }, values) {
      const email = required(values, 'email');
      const user = await findUserByEmail(db, email);
      if (!user) throw new UsageError(`No user with email ${email}`);
      const at = new Date();
      const wasOn = await db.transaction(async (tx) => {
        // Nothing is decrypted: a reset is also the way out when the secrets key is lost.
        if (!(await clearFactor(tx, user.id, at))) return false;
        await recordActivity(tx, CLI_ACTOR, {
          type: 'user.mfa_reset',
          targetType: 'user',
          targetId: user.id,
          description: `Two-factor sign-in of ${user.name} (${email}) reset from the CLI`,
          at,
        });
        return true;
      });
      return wasOn
        ? `Two-factor sign-in of ${email} reset: they sign in with their password and set up a new authenticator`
        : `${email} has no two-factor sign-in; nothing changed`;
    },
  },
  'allow-password-login': {
    usage: 'allow-password-login',
    description:
      "Turn password sign-in back on for everyone (the owners' sign-in setting), e.g. while single sign-on is down.",
    options: {},
    async run({ db }) {
      const { changed } = await changeSignInRules(db, CLI_ACTOR, { passwordLogin: true }, new Date());
      return changed
        ? 'Password sign-in is on for everyone again; running servers apply it to the next sign-in'
        : 'Password sign-in was already on for everyone; nothing changed';
    },
  },
};

function helpText(): string {
  const lines = ['Usage: npm run cli -- <command> [options]', '', 'Commands:'];
  for (const command of Object.values(commands))
    lines.push(`  ${command.usage}`, `      ${command.description}`);
  lines.push(
    '',
    'The database is the one the server uses: DATABASE_URL, else the PGlite folder DATA_DIR (./data).',
  );
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command: ${name}\n\n${helpText()}\n`);
    return 2;
  }
  let values: Values;
  let files: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: Boolean(command.positionals),
    });
    values = parsed.values;
    files = parsed.positionals;
    if (files.length !== (command.positionals ?? 0)) throw new UsageError('Wrong number of arguments');
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: npm run cli -- ${command.usage}\n`);
    return 2;
  }
  const env = loadEnv();
  const database = command.run ? await openConfiguredDatabase(env) : undefined;
  try {
    const output = database
      ? await command.run!(database, values, files)
      : await command.runAlone!(env, values, files);
    process.stdout.write(`${output}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nUsage: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
