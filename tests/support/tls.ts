// Throwaway self-signed certificates for tests that speak HTTPS (openssl is installed with the test tools), and the
// one the test OpenID provider serves, trusted by every process the test run starts (NODE_EXTRA_CA_CERTS).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayCertificate {
  /** The PEM certificate (its own chain) and its key, in a fresh temporary folder. */
  cert: string;
  key: string;
}

/**
 * An EC P-256 certificate for `host`, valid two days, with `host` (and `extraNames`, such as `IP:127.0.0.1`) as its
 * subject alternative names; in `dir` when given, else in a fresh temporary folder.
 */
export function throwawayCertificate(
  host: string,
  extraNames: string[] = [],
  dir = mkdtempSync(join(tmpdir(), 'lc-tls-')),
): ThrowawayCertificate {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const names = [`DNS:${host}`, ...extraNames].join(',');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${host}`, '-addext', `subjectAltName=${names}`],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Where the trusted test certificate and its key are, for the processes started after `trustTestCertificate`. */
export const TEST_TLS_CERT_ENV = 'LC_TEST_TLS_CERT';
export const TEST_TLS_KEY_ENV = 'LC_TEST_TLS_KEY';

export interface TrustedTestCertificate extends ThrowawayCertificate {
  /** The CA bundle NODE_EXTRA_CA_CERTS names: the certificate, after any bundle that was set before. */
  caBundle: string;
  /** Removes the files when this call made them (not when it found them made). */
  remove(): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A certificate for `localhost`, `127.0.0.1` and `::1` that the processes started from now on trust: Node reads
 * NODE_EXTRA_CA_CERTS once, at its start, so this runs before them (a vitest global setup, before its workers fork;
 * a Playwright config, before its web server starts). The product has no switch that turns certificate checks off,
 * and needs none: the test OpenID provider serves this certificate (tests/support/oidc-provider.ts).
 *
 * Idempotent: with `dir` (a fixed folder, as a Playwright config evaluated in several processes needs) files younger
 * than a day are reused; without it, a certificate this process already trusts is.
 */
export function trustTestCertificate(dir?: string): TrustedTestCertificate {
  const existing = process.env[TEST_TLS_CERT_ENV];
  if (!dir && existing && existsSync(existing) && process.env.NODE_EXTRA_CA_CERTS) {
    return {
      cert: existing,
      key: process.env[TEST_TLS_KEY_ENV]!,
      caBundle: process.env.NODE_EXTRA_CA_CERTS,
      remove: () => undefined,
    };
  }
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'lc-oidc-tls-'));
  mkdirSync(folder, { recursive: true });
  const caBundle = join(folder, 'ca-bundle.pem');
  const isFresh = existsSync(caBundle) && Date.now() - statSync(caBundle).mtimeMs < DAY_MS;
  const certificate = isFresh
    ? { cert: join(folder, 'cert.pem'), key: join(folder, 'key.pem') }
    : throwawayCertificate('localhost', ['IP:127.0.0.1', 'IP:::1'], folder);
  if (!isFresh) {
    // A bundle set before (a company proxy's CA) stays trusted beside ours.
    const before = process.env.NODE_EXTRA_CA_CERTS;
    const previous = before && before !== caBundle && existsSync(before) ? readFileSync(before, 'utf8') : '';
    writeFileSync(caBundle, `${previous.trimEnd()}\n${readFileSync(certificate.cert, 'utf8')}`.trimStart());
  }
  process.env.NODE_EXTRA_CA_CERTS = caBundle;
  process.env[TEST_TLS_CERT_ENV] = certificate.cert;
  process.env[TEST_TLS_KEY_ENV] = certificate.key;
  return {
    ...certificate,
    caBundle,
    remove: () => (dir ? undefined : rmSync(folder, { recursive: true, force: true })),
  };
}
