// The backup file (docs/operations.md): one format for PGlite and PostgreSQL, so a backup of either restores into
// either. Its first line names the format; the second is a JSON header (whether and how the body is encrypted); the
// body is gzip of JSON lines, one `["table", name]` before each table's rows, one `["row", {…}]` per row as the
// database wrote it in JSON, and last `["manifest", {…}]`: the last migration applied, the time, each table's row
// count and the SHA-256 of every line before it. Encrypted with BACKUP_KEY, the body is AES-256-GCM with the header
// as additional data and the tag as the file's last 16 bytes; the header carries a check value of the key, so a wrong
// key is told apart from a damaged file.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, open, rename, rm, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const MAGIC = 'LICENSE-CONSOLE-BACKUP 1';
const TAG_BYTES = 16;
const HEADER_LIMIT = 4096;
const CHUNK_CHARACTERS = 64 * 1024;
const ROW_PREFIX = '["row",';

export interface BackupManifest {
  format: 'license-console-backup/v1';
  /** The tag of the last migration the database had applied (`0019_migration_names`). */
  lastMigration: string;
  /** When the snapshot was taken, ISO 8601. */
  createdAt: string;
  /** Each table's rows, by name. */
  tables: Record<string, number>;
  /** SHA-256 (hex) over every body line before the manifest, newlines included. */
  sha256: string;
}

interface Header {
  encryption: null | { alg: 'AES-256-GCM'; iv: string; keyCheck: string };
}

/** Why a file cannot be read as a backup: one line an operator can act on. */
export class BackupError extends Error {}

/** What a backup holds, in order: each table, then its rows (JSON objects as text). */
export type BackupEntry = { kind: 'table'; name: string } | { kind: 'row'; json: string };

/** A check value of the key: lets a reader say "wrong key" rather than "damaged" without revealing the key. */
const keyCheckOf = (key: Buffer) =>
  createHmac('sha256', key).update('license-console-backup key check').digest('base64url').slice(0, 22);

/**
 * Writes a backup to `path` (mode 0600; through a `.partial` file renamed at the end, so a crash never leaves a file
 * that looks whole). `entries` yields the tables and rows; the manifest is made from them.
 */
export async function writeBackupFile(
  path: string,
  entries: AsyncIterable<BackupEntry>,
  facts: { lastMigration: string; createdAt: Date },
  key: Buffer | undefined,
): Promise<BackupManifest> {
  const partial = `${path}.partial`;
  const iv = randomBytes(12);
  const header: Header = {
    encryption: key ? { alg: 'AES-256-GCM', iv: iv.toString('base64url'), keyCheck: keyCheckOf(key) } : null,
  };
  const headerText = `${MAGIC}\n${JSON.stringify(header)}\n`;
  const cipher = key ? createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(headerText)) : undefined;
  const hash = createHash('sha256');
  const tables: Record<string, number> = {};
  let manifest: BackupManifest | undefined;
  async function* lines() {
    let current = '';
    // Lines go to the stream in chunks of about 64 kB: one stream write per row cost more than the rest together.
    let chunk: string[] = [];
    let chunkLength = 0;
    for await (const entry of entries) {
      const line =
        entry.kind === 'table'
          ? `${JSON.stringify(['table', entry.name])}\n`
          : `${ROW_PREFIX}${entry.json}]\n`;
      if (entry.kind === 'table') tables[(current = entry.name)] = 0;
      else tables[current] = (tables[current] ?? 0) + 1;
      chunk.push(line);
      chunkLength += line.length;
      if (chunkLength >= CHUNK_CHARACTERS) {
        const text = chunk.join('');
        hash.update(text);
        yield text;
        chunk = [];
        chunkLength = 0;
      }
    }
    if (chunk.length > 0) {
      const text = chunk.join('');
      hash.update(text);
      yield text;
    }
    manifest = {
      format: 'license-console-backup/v1',
      lastMigration: facts.lastMigration,
      createdAt: facts.createdAt.toISOString(),
      tables,
      sha256: hash.digest('hex'),
    };
    yield `${JSON.stringify(['manifest', manifest])}\n`;
  }
  try {
    const file = await open(partial, 'wx', 0o600);
    await file.writeFile(headerText);
    await file.close();
    const stages: (Readable | Transform | NodeJS.WritableStream)[] = [Readable.from(lines()), createGzip()];
    if (cipher) stages.push(cipher);
    stages.push(createWriteStream(partial, { flags: 'a', mode: 0o600 }));
    await (pipeline as (...streams: unknown[]) => Promise<void>)(...stages);
    if (cipher) await appendFile(partial, cipher.getAuthTag());
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest!;
}

/** The header of a backup, and where its body lies in the file. */
async function readHeader(path: string): Promise<{ header: Header; headerText: string; size: number }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new BackupError(`${path}: no such file`);
  }
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEADER_LIMIT), 0, HEADER_LIMIT, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const first = text.indexOf('\n');
    const second = text.indexOf('\n', first + 1);
    if (first < 0 || second < 0 || text.slice(0, first) !== MAGIC)
      throw new BackupError(`${path} is not a License Console backup`);
    const headerText = text.slice(0, second + 1);
    try {
      return { header: JSON.parse(text.slice(first + 1, second)) as Header, headerText, size };
    } catch {
      throw new BackupError(`${path} is not a License Console backup (its header is damaged)`);
    }
  } finally {
    await file.close();
  }
}

/** Whether a backup is encrypted (asks for a key) without reading it. */
export async function isEncryptedBackup(path: string): Promise<boolean> {
  return (await readHeader(path)).header.encryption !== null;
}

/**
 * Reads a backup through, calling `onEntry` for each table and row, and answers its manifest once every check
 * passed: the key, the tag (a changed byte anywhere), the end (a truncated file), the row counts and the checksum.
 * `onEntry` sees rows before the last checks ran: read a file through once (`verify`) before acting on it.
 */
export async function readBackupFile(
  path: string,
  key: Buffer | undefined,
  onEntry: (entry: BackupEntry) => Promise<void> | void = () => {},
): Promise<BackupManifest> {
  const { header, headerText, size } = await readHeader(path);
  const start = Buffer.byteLength(headerText, 'latin1');
  let source: Readable;
  const stages: Transform[] = [];
  if (header.encryption) {
    if (!key) throw new BackupError('This backup is encrypted: set BACKUP_KEY to the key it was made with');
    if (keyCheckOf(key) !== header.encryption.keyCheck)
      throw new BackupError('BACKUP_KEY is not the key this backup was made with');
    if (size < start + TAG_BYTES) throw truncated();
    const tag = Buffer.alloc(TAG_BYTES);
    const file = await open(path, 'r');
    await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    await file.close();
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.encryption.iv, 'base64url'));
    decipher.setAAD(Buffer.from(headerText));
    decipher.setAuthTag(tag);
    source = createReadStream(path, { start, end: size - TAG_BYTES - 1 });
    stages.push(decipher);
  } else source = createReadStream(path, { start });
  const gunzip = createGunzip();
  stages.push(gunzip);
  const body = stages.reduce<Readable>((from, to) => from.pipe(to), source);
  // A failure of any stage ends the body with it (pipe() alone would not pass errors along).
  for (const stream of [source, ...stages.slice(0, -1)]) stream.on('error', (error) => gunzip.destroy(error));

  const hash = createHash('sha256');
  const counted: Record<string, number> = {};
  let current: string | undefined;
  let manifest: BackupManifest | undefined;
  try {
    for await (const line of createInterface({ input: body, crlfDelay: Infinity })) {
      if (manifest) throw damaged();
      // Rows, by far the most lines, are told by their prefix and handed on as text (the checksum vouches for them).
      if (line.startsWith(ROW_PREFIX) && line.endsWith(']') && current !== undefined) {
        hash.update(`${line}\n`);
        counted[current]! += 1;
        await onEntry({ kind: 'row', json: line.slice(ROW_PREFIX.length, -1) });
        continue;
      }
      const entry = JSON.parse(line) as [string, unknown];
      if (entry[0] === 'manifest') {
        manifest = entry[1] as BackupManifest;
        continue;
      }
      hash.update(`${line}\n`);
      if (entry[0] === 'table' && typeof entry[1] === 'string') {
        current = entry[1];
        counted[current] = 0;
        await onEntry({ kind: 'table', name: current });
      } else throw damaged();
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const message = (error as Error).message;
    if (/unexpected end of file/i.test(message)) throw truncated();
    if (/unable to authenticate|incorrect header check|invalid|unexpected token|json/i.test(message))
      throw damaged();
    throw error;
  }
  if (!manifest) throw truncated();
  if (
    manifest.sha256 !== hash.digest('hex') ||
    JSON.stringify(sortedCounts(manifest.tables)) !== JSON.stringify(sortedCounts(counted))
  )
    throw damaged();
  return manifest;
}

const sortedCounts = (counts: Record<string, number>) =>
  Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
const truncated = () => new BackupError('The backup is truncated: it ends before its manifest');
const damaged = () => new BackupError('The backup is damaged: its contents do not match its checksum');
