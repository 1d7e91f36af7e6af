#!/usr/bin/env node
// A licensed program's start, in miniature: verify the licence file offline, check in when it is due (or always,
// with --force), write the fresh file, and say what the software should do.
//
//   node examples/check-in.mjs <licence.json> --serial-number <serial> [--server <url>] [--keys <keys.json>] [--force]
//
// --server (or LICENSE_SERVER_URL) is the server's origin (default http://localhost:3000). --keys is the answer of
// GET /api/v1/licensing/public-keys saved with the software (or LICENSE_PUBLIC_KEYS); without it the example
// fetches the keys from the server, which only a demo may do: a real program ships its keys, or a forged server
// could vouch for itself. Exit status: 0 when the software may run (VALID or GRACE), 1 when not, 2 on a usage error.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { createLicenseClient, createLicenseKeeper, printable } from '@license-console/license-client';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    'serial-number': { type: 'string' },
    keys: { type: 'string' },
    force: { type: 'boolean' },
  },
});
const path = positionals[0];
const serialNumber = values['serial-number'] ?? process.env.LICENSE_SERIAL_NUMBER;
if (!path || !serialNumber) {
  console.error(
    'Usage: check-in.mjs <licence.json> --serial-number <serial> [--server <url>] [--keys <keys.json>] [--force]',
  );
  process.exit(2);
}
const baseUrl = values.server ?? process.env.LICENSE_SERVER_URL ?? 'http://localhost:3000';
const keysPath = values.keys ?? process.env.LICENSE_PUBLIC_KEYS;

async function trustedKeys() {
  if (keysPath) return JSON.parse(readFileSync(keysPath, 'utf8')).data.keys;
  console.warn(`No --keys: fetching them from ${baseUrl} (a demo only; ship the keys with the software)`);
  const response = await fetch(`${baseUrl}/api/v1/licensing/public-keys`);
  return (await response.json()).data.keys;
}

const client = createLicenseClient({ baseUrl, publicKeys: await trustedKeys() });

// 1. At start: the offline verdict, with no network at all.
const offline = client.verify(readFileSync(path, 'utf8'), { serialNumber });
console.log(`offline:  ${offline.code}: ${offline.message}`);

// 2. The keeper: checks in once half the file's lifetime has passed (or when it has expired), writes the fresh file.
//    A program runs this on a timer (every hour, say); --force checks in now, whatever the file's age.
const keeper = createLicenseKeeper({
  client,
  path,
  serialNumber,
  machine: { hostname: hostname(), softwareVersion: '1.0.0' },
});
const report = values.force ? await forcedCheckIn() : await keeper.check();
console.log(`keeper:   ${report.code}: ${report.message}`);
console.log(`          checked in: ${report.checkedIn}, new file written: ${report.replaced}`);
if (report.error)
  console.log(`          the server was not used: ${report.error.name}: ${printable(report.error.message)}`);
if (report.checkInDueAt !== null)
  console.log(`          next check-in due: ${new Date(report.checkInDueAt).toISOString()}`);
if (report.claims)
  console.log(
    `          licensed to ${printable(report.claims.clientName)}, serial ${printable(report.claims.serialNumber)}`,
  );
process.exit(report.valid ? 0 : 1);

/** A check-in now, whatever the file's age; the answer verified like the keeper's, the fresh file written by it. */
async function forcedCheckIn() {
  try {
    const result = await client.checkIn({ license: JSON.parse(readFileSync(path, 'utf8')), serialNumber });
    console.log(
      `check-in: ${result.code} (proof verified, answered at ${new Date(result.answer.answeredAt).toISOString()})`,
    );
    if (result.license) {
      writeFileSync(`${path}.tmp`, `${JSON.stringify(result.license, null, 2)}\n`);
      renameSync(`${path}.tmp`, path);
    }
    const verdict = client.verify(readFileSync(path, 'utf8'), { serialNumber });
    return {
      ...verdict,
      ...(result.valid ? {} : { valid: false, code: result.code, message: result.message }),
      checkedIn: true,
      replaced: Boolean(result.license),
      checkInDueAt: null,
    };
  } catch (error) {
    return { ...offline, checkedIn: false, replaced: false, error, checkInDueAt: null };
  }
}
