// Licensing fixtures shared by the server tests (src/server/licensing, tests/server/postgres): certificates with licences issued by the server, validate calls, and the
// blocks of docs/licence-file.md that tests execute.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  publicKeysResponseSchema,
  validateLicenseResponseSchema,
  type LicenseValidation,
} from '../../src/contract/licensing';
import { certificates, clients } from '../../src/server/db/schema';
import type { LicensedCertificate } from '../../src/server/licensing/license-service';
import type { LicenseFile } from '../../src/server/licensing/verify-license';
import type { TestContext } from './test-app';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DAY = 24 * 60 * 60 * 1000;

type AppAndDb = Pick<TestContext, 'app' | 'database'>;

/** Inserts a client and an active certificate row straight into the database. */
export async function insertCertificate(
  ctx: Pick<TestContext, 'database'>,
  overrides: Partial<Omit<LicensedCertificate, 'id' | 'clientId'>> & { status?: string } = {},
): Promise<LicensedCertificate> {
  const clientId = randomUUID();
  const clientName = overrides.clientName ?? `Client ${clientId.slice(0, 8)}`;
  await ctx.database.db.insert(clients).values({ id: clientId, name: clientName });
  const certificate: LicensedCertificate = {
    id: randomUUID(),
    clientId,
    clientName,
    serialNumber: overrides.serialNumber ?? `SN-${randomUUID().slice(0, 8)}`,
    studioCount: overrides.studioCount ?? 3,
    userCount: overrides.userCount ?? 25,
    validFrom: overrides.validFrom ?? new Date('2026-01-01T00:00:00Z'),
    validTo: overrides.validTo ?? new Date('2027-01-01T00:00:00Z'),
    graceDays: overrides.graceDays ?? 0,
    fileLifetimeDays: overrides.fileLifetimeDays ?? null,
  };
  const { id, serialNumber, studioCount, userCount, validFrom, validTo, graceDays, fileLifetimeDays } =
    certificate;
  await ctx.database.db.insert(certificates).values({
    id,
    clientId,
    serialNumber,
    studioCount,
    userCount,
    validFrom,
    validTo,
    graceDays,
    fileLifetimeDays,
    status: overrides.status ?? 'active',
  });
  return certificate;
}

/** A certificate row with a licence signed by the running server, and that licence file. */
export async function issuedLicense(ctx: AppAndDb, overrides: Parameters<typeof insertCertificate>[1] = {}) {
  const certificate = await insertCertificate(ctx, overrides);
  await ctx.database.db.transaction((tx) => ctx.app.licensing.issue(tx, certificate, ctx.app.ctx.now()));
  return { certificate, file: await storedFile(ctx, certificate.id) };
}

/** The licence file of a certificate row, rebuilt by the service. */
export async function storedFile(ctx: AppAndDb, certificateId: string): Promise<LicenseFile> {
  const [row] = await ctx.database.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!row) throw new Error('no such certificate');
  return ctx.app.licensing.fileFor(row);
}

/** `GET /licensing/public-keys`, parsed with the contract. */
export async function fetchPublicKeys(ctx: Pick<TestContext, 'app'>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/licensing/public-keys' });
  if (response.statusCode !== 200) throw new Error(`public keys: ${response.statusCode} ${response.body}`);
  return publicKeysResponseSchema.parse(response.json()).data.keys;
}

/** `POST /certificates/validate` answering 200, parsed with the contract. */
export async function validateCall(
  ctx: Pick<TestContext, 'app'>,
  license: unknown,
  options: { serialNumber?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LicenseValidation> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/certificates/validate',
    payload: {
      license,
      ...(options.serialNumber !== undefined ? { serialNumber: options.serialNumber } : {}),
    },
    ...(options.headers ? { headers: options.headers } : {}),
    remoteAddress: options.remoteAddress ?? '10.9.0.1',
  });
  if (response.statusCode !== 200) throw new Error(`validate: ${response.statusCode} ${response.body}`);
  // The verdict without its proof, which src/server/licensing/check-in.test.ts verifies on its own.
  const { proof: _proof, ...verdict } = validateLicenseResponseSchema.parse(response.json()).data;
  return verdict;
}

/** Replaces one byte of the decoded payload and re-encodes it: the copies still match, only the signature breaks. */
export function withPayloadByteChanged(file: LicenseFile, from: string, to: string): LicenseFile {
  const text = Buffer.from(file.payload, 'base64url').toString('utf8');
  const index = text.indexOf(from);
  if (index < 0 || from.length !== to.length) throw new Error(`payload has no ${from}`);
  const changed = text.slice(0, index) + to + text.slice(index + from.length);
  return { ...file, payload: Buffer.from(changed, 'utf8').toString('base64url') };
}

/** Flips one bit of one byte of the signature. */
export function withSignatureByteChanged(file: LicenseFile, byteIndex = 10): LicenseFile {
  const bytes = Buffer.from(file.signature, 'base64url');
  bytes[byteIndex] = bytes[byteIndex]! ^ 0x01;
  return { ...file, signature: bytes.toString('base64url') };
}

const DOC = () => readFileSync(new URL('../../docs/licence-file.md', import.meta.url), 'utf8');

/** The content of the first fenced block after `<!-- marker -->` in docs/licence-file.md. */
export function docBlock(marker: string): string {
  const doc = DOC();
  const at = doc.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`docs/licence-file.md has no marker ${marker}`);
  const match = /```[a-z]*\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!match?.[1]) throw new Error(`no code block after ${marker}`);
  return match[1];
}

/** The body rows of the first table after `<!-- marker -->`, as trimmed cells. */
export function docTable(marker: string): string[][] {
  const doc = DOC();
  const at = doc.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`docs/licence-file.md has no marker ${marker}`);
  const lines = doc.slice(at).split('\n').slice(1);
  const table: string[] = [];
  for (const line of lines) {
    if (line.startsWith('|')) table.push(line);
    else if (table.length > 0) break;
  }
  return table.slice(2).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

const run = promisify(execFile);

/** Runs a shell script with `sh -e` in a folder; resolves with its output or rejects with its exit code. */
export async function runShell(script: string, { cwd, env }: { cwd: string; env: Record<string, string> }) {
  return run('sh', ['-e', '-c', script], { cwd, env: { ...process.env, ...env } });
}

async function outcome(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

/** Runs the package's bin with plain node. */
export const runBin = (args: string[], cwd = REPO_ROOT) =>
  outcome(process.execPath, [`${REPO_ROOT}/bin/license-console.js`, ...args], cwd);

/** Runs `npx --offline <args>` in the package folder (npx runs the package's own bin). */
export const runNpx = (args: string[], cwd = REPO_ROOT) => outcome('npx', ['--offline', ...args], cwd);
