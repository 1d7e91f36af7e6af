// Fixtures of the package's tests: signed licences and answers, the blocks of docs/licence-file.md, and a real
// local HTTP server standing in for License Console (no mock of fetch: the client talks HTTP to it).
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ANSWER_FORMAT,
  encodeAnswer,
  encodeClaims,
  kidOf,
  licenseFileOf,
  toBase64Url,
  type AnswerClaims,
  type AnswerProof,
  type LicenseClaims,
  type LicenseClaimsV1,
  type LicenseClaimsV2,
  type LicenseFile,
} from '../src/index';

export const DAY = 24 * 60 * 60 * 1000;

/** A signing key pair and its kid. */
export function signer() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey, privateKey, kid: kidOf(publicKey) };
}
export type Signer = ReturnType<typeof signer>;

/** The public-keys entry of a signer, as `GET /api/v1/licensing/public-keys` lists it. */
export const keyEntry = (s: Signer, current = true) => ({
  kid: s.kid,
  alg: 'Ed25519',
  publicKeyPem: s.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  createdAt: Date.UTC(2026, 0, 1),
  current,
});

export const V1_START = Date.UTC(2026, 0, 1);
export const V1_END = Date.UTC(2027, 0, 1);

export const claimsV1 = (s: Signer, changes: Partial<LicenseClaimsV1> = {}): LicenseClaimsV1 => ({
  format: 'license-certificate/v1',
  certificateId: '0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21',
  serialNumber: 'SN-1',
  clientId: '5f1d2c3b-8e7a-4b6c-9d0e-1a2b3c4d5e6f',
  clientName: 'Acme',
  studioCount: 2,
  userCount: 5,
  validFrom: V1_START,
  validTo: V1_END,
  issuedAt: V1_START,
  kid: s.kid,
  ...changes,
});

/** v2 claims: valid for 2026, signed on `issuedAt` with a 30-day lifetime, 14 grace days. */
export const claimsV2 = (
  s: Signer,
  changes: Partial<LicenseClaimsV2> = {},
  issuedAt = Date.UTC(2026, 5, 1),
): LicenseClaimsV2 => ({
  ...claimsV1(s),
  format: 'license-certificate/v2',
  issuedAt,
  expiresAt: Math.min(issuedAt + 30 * DAY, V1_END + 14 * DAY),
  graceUntil: V1_END + 14 * DAY,
  entitlements: ['PLUGINS', 'RENDER_FARM'],
  maintenanceUntil: null,
  machineKeyId: null,
  ...changes,
});

/** The licence file of `claims`, signed by `key` (the claims' kid unless told). */
export function licenseOf(claims: LicenseClaims, key: KeyObject): LicenseFile {
  const bytes = encodeClaims(claims);
  return licenseFileOf(toBase64Url(bytes), toBase64Url(sign(null, bytes, key)), claims.kid);
}

/** A file over arbitrary signed bytes, validly signed, with `copies` as its readable members. */
export function fileOverBytes(
  bytes: Buffer,
  s: Signer,
  copies: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...copies,
    payload: toBase64Url(bytes),
    signature: toBase64Url(sign(null, bytes, s.privateKey)),
    kid: s.kid,
    alg: 'Ed25519',
  };
}

export const answerOf = (changes: Partial<AnswerClaims> = {}): AnswerClaims => ({
  format: ANSWER_FORMAT,
  code: 'VALID',
  certificateId: '0b6c8f0e-4a59-4d43-9a0e-6f2f4c1d7e21',
  serialNumber: 'SN-1',
  nonce: null,
  answeredAt: Date.UTC(2026, 5, 15),
  licenseIssuedAt: null,
  missing: [],
  seatId: null,
  seatExpiresAt: null,
  ...changes,
});

export function proofOf(answer: AnswerClaims, s: Signer): AnswerProof {
  const bytes = encodeAnswer(answer);
  return {
    payload: toBase64Url(bytes),
    signature: toBase64Url(sign(null, bytes, s.privateKey)),
    kid: s.kid,
    alg: 'Ed25519',
  };
}

const DOC = new URL('../../../docs/licence-file.md', import.meta.url);

/** The content of the first fenced block after `<!-- marker -->` in docs/licence-file.md. */
export function docBlock(marker: string): string {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`docs/licence-file.md has no marker ${marker}`);
  const match = /```[a-z]*\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!match?.[1]) throw new Error(`no code block after ${marker}`);
  return match[1];
}

/** One request the stand-in server received. */
export interface Received {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export type Handler = (request: Received) => {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
};

/** A real HTTP server on 127.0.0.1 answering with `handler`; `requests` lists what it received. */
export async function standInServer(handler: Handler) {
  const requests: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const received: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      requests.push(received);
      try {
        const { status = 200, body, headers = {} } = handler(received);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(error), code: 'INTERNAL' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An address nothing listens on: a server started and closed again. */
export async function closedAddress(): Promise<string> {
  const stand = await standInServer(() => ({ body: {} }));
  await stand.close();
  return stand.baseUrl;
}
