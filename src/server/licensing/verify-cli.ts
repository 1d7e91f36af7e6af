// `npx license-console verify <file> --public-key <pem>`: checks a licence file (version 1 or 2) offline and prints
// the verdict. Exit status: 0 valid (VALID or GRACE), 1 any other verdict, 2 usage or unreadable input.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LICENSE_FORMAT_V2, printable, verifyLicense, type LicenseVerdict } from './verify-license';

const USAGE = `Usage: license-console verify <licence.json> --public-key <public-key.pem> [--public-key <another.pem>]
                        [--serial-number <this machine's serial>] [--require <entitlement> ...]
                        [--now <ISO date or epoch ms>] [--json]

Checks a licence file (license-certificate/v1 or v2) offline against Ed25519 public keys
(GET /api/v1/licensing/public-keys lists them) and prints the verdict. Exit status: 0 valid (VALID, or GRACE:
ended but in its grace period), 1 any other verdict (FILE_EXPIRED: check in for a fresh file), 2 usage error.`;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

class UsageError extends Error {}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${what} ${path}`);
  }
}

function parseNow(value: string | undefined): number {
  if (value === undefined) return Date.now();
  const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms))
    throw new UsageError(`--now must be an ISO date or epoch milliseconds, not ${value}`);
  return ms;
}

const isoDate = (ms: number) => new Date(ms).toISOString();

function describe(verdict: LicenseVerdict): string[] {
  const lines = [`${verdict.code}: ${verdict.message}`];
  if (verdict.missing) lines.push(`  missing        ${verdict.missing.join(', ')}`);
  const claims = verdict.claims;
  if (claims) {
    lines.push(
      `  serial number  ${claims.serialNumber}`,
      `  client         ${claims.clientName}`,
      `  studios        ${claims.studioCount}`,
      `  users          ${claims.userCount}`,
      `  valid from     ${new Date(claims.validFrom).toISOString()}`,
      `  valid to       ${new Date(claims.validTo).toISOString()} (exclusive)`,
      `  issued at      ${new Date(claims.issuedAt).toISOString()}`,
      `  certificate    ${claims.certificateId}`,
      `  signing key    ${claims.kid}`,
    );
    if (claims.format === LICENSE_FORMAT_V2)
      lines.push(
        `  format         v2`,
        `  grace until    ${isoDate(claims.graceUntil)} (exclusive)`,
        `  file expires   ${isoDate(claims.expiresAt)} (exclusive: check in before)`,
        `  entitlements   ${claims.entitlements.length > 0 ? claims.entitlements.join(', ') : '(none)'}`,
        `  maintenance    ${claims.maintenanceUntil === null ? '(none)' : `until ${isoDate(claims.maintenanceUntil)}`}`,
        `  machine key    ${claims.machineKeyId ?? '(none)'}`,
      );
  }
  return lines;
}

function verifyCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'public-key': { type: 'string', multiple: true },
      'serial-number': { type: 'string' },
      require: { type: 'string', multiple: true },
      now: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('Give exactly one licence file');
  const keyFiles = values['public-key'] ?? [];
  if (keyFiles.length === 0) throw new UsageError('--public-key is required');
  const licenseText = readText(positionals[0]!, 'licence file');
  const keys = keyFiles.map((path) => readText(path, 'public key'));
  const now = parseNow(values.now);
  let verdict: LicenseVerdict;
  try {
    verdict = verifyLicense(licenseText, {
      publicKeys: keys,
      now,
      serialNumber: values['serial-number'],
      requiredEntitlements: values.require,
    });
  } catch (error) {
    // Only the key inputs can throw (not PEM, or not Ed25519); a bad licence is a verdict.
    throw new UsageError(error instanceof Error ? `Bad public key: ${error.message}` : 'Bad public key');
  }
  if (values.json)
    io.out(
      JSON.stringify(
        {
          valid: verdict.valid,
          code: verdict.code,
          message: verdict.message,
          ...(verdict.missing ? { missing: verdict.missing } : {}),
          claims: verdict.claims ?? null,
        },
        null,
        2,
      ),
    );
  else for (const line of describe(verdict)) io.out(line);
  return verdict.valid ? 0 : 1;
}

/**
 * Everything printed goes through `printable`, line by line: a licence's claims (a client name with terminal escape
 * sequences could make an expired licence look VALID on screen), file names and arguments alike.
 */
const printableIo = (io: CliIo): CliIo => {
  const escape = (text: string) => text.split('\n').map(printable).join('\n');
  return { out: (text) => io.out(escape(text)), err: (text) => io.err(escape(text)) };
};

/** Runs the command line; returns the exit status. */
export function main(argv: string[], rawIo: CliIo = processIo): number {
  const io = printableIo(rawIo);
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (command !== 'verify') {
    io.err(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  try {
    return verifyCommand(rest, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(`${message}\n\n${USAGE}`);
    return 2;
  }
}
