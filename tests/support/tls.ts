// A throwaway self-signed certificate for tests that speak HTTPS (openssl is installed with the test tools).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayCertificate {
  /** The PEM certificate (its own chain) and its key, in a fresh temporary folder. */
  cert: string;
  key: string;
}

/** An EC P-256 certificate for `host`, valid two days, with `host` as its subject alternative name. */
export function throwawayCertificate(host: string): ThrowawayCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'lc-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
