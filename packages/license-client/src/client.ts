// The network client of a licensed machine: the check-in and validate calls (docs/licence-file.md "Check-in"), each
// with a fresh nonce, each answer trusted only once its proof verifies with the keys the software ships with.
import { randomBytes } from 'node:crypto';
import { keyRingOf, type KeyRing, type PublicKeyInput } from './keys.js';
import type { LicenseClaims, LicenseFile } from './license-file.js';
import { verifyProof, type AnswerClaims, type AnswerCode, type AnswerProof } from './answer-proof.js';
import { isValidCode, verifyLicense, type LicenseVerdict } from './verify.js';
import { LicenseServerError, NetworkError, ProofError } from './errors.js';

/** What the machine says of itself at a check-in (shown to the vendor's staff). */
export interface MachineInfo {
  hostname?: string;
  softwareVersion?: string;
}

/** The certificate as the server describes it (informational: it is not part of the signed answer). */
export interface AnsweredCertificate {
  uuid: string;
  serialNumber: string;
  clientName: string;
  status: string;
  validFrom: number;
  validTo: number;
}

/** A public key as `GET /api/v1/licensing/public-keys` lists it. */
export interface SigningPublicKey {
  kid: string;
  alg: string;
  publicKeyPem: string;
  createdAt: number;
  current: boolean;
}

export interface ValidateRequest {
  license: unknown;
  serialNumber?: string;
  requiredEntitlements?: readonly string[];
}

export interface CheckInRequest {
  license: unknown;
  serialNumber: string;
  machine?: MachineInfo;
  requiredEntitlements?: readonly string[];
}

/** A verified answer: the server's verdict, equal to the signed one in `answer`. */
export interface ValidateResult {
  valid: boolean;
  code: AnswerCode;
  message: string;
  certificate?: AnsweredCertificate;
  missing?: string[];
  /** The signed claims of the answer, verified with the trusted keys, its nonce the one sent. */
  answer: AnswerClaims;
  proof: AnswerProof;
}

export interface CheckInResult extends ValidateResult {
  /** The certificate's current licence file, verified offline with the trusted keys. */
  license?: LicenseFile;
  /** The offline verdict on `license`, when there is one. */
  licenseVerdict?: LicenseVerdict;
  /** The server's public keys (informational: never trusted to verify anything; ship keys with the software). */
  keys: SigningPublicKey[];
}

export interface LicenseClientOptions {
  /** The server's origin, without `/api/v1` (e.g. `https://licences.example.com`). */
  baseUrl: string;
  /** The trusted public keys, shipped with the software. */
  publicKeys: readonly PublicKeyInput[] | KeyRing;
  fetch?: typeof fetch;
  /** How long one call may take before it fails with a NetworkError (default 30 s). */
  timeoutMs?: number;
  /** The clock (epoch ms) the offline checks use; defaults to Date.now. */
  now?: () => number;
}

export interface LicenseClient {
  readonly baseUrl: string;
  /** The trusted keys by kid. */
  readonly keys: KeyRing;
  /** Verifies a licence file offline with the trusted keys. */
  verify(
    license: unknown,
    options?: { serialNumber?: string; requiredEntitlements?: readonly string[]; now?: number },
  ): LicenseVerdict;
  checkIn(request: CheckInRequest): Promise<CheckInResult>;
  validate(request: ValidateRequest): Promise<ValidateResult>;
}

/** A fresh nonce: 24 random bytes as unpadded base64url (32 characters of [A-Za-z0-9_-]). */
export const newNonce = (): string => randomBytes(24).toString('base64url');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Offline verdicts under which a returned licence file is refused: not ours to trust, or not this machine's. */
const UNTRUSTED = new Set(['MALFORMED', 'UNKNOWN_KEY', 'SIGNATURE_INVALID', 'SERIAL_MISMATCH']);

export function createLicenseClient(options: LicenseClientOptions): LicenseClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const keys = keyRingOf(options.publicKeys);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;

  async function post(path: string, body: object): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new NetworkError(
        `Cannot reach ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const error = isRecord(json) ? json : {};
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      throw new LicenseServerError(
        response.status,
        typeof error.code === 'string' ? error.code : undefined,
        typeof error.message === 'string' ? error.message : `The server answered ${response.status}`,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return json;
  }

  /** The answer's data once its proof verifies and says the same verdict. */
  function verifiedAnswer(
    json: unknown,
    nonce: string,
  ): { data: Record<string, unknown>; result: ValidateResult } {
    const data = isRecord(json) ? json.data : undefined;
    if (!isRecord(data) || typeof data.code !== 'string')
      throw new ProofError('MALFORMED', 'The answer is not a licence verdict');
    const checked = verifyProof(data.proof, { publicKeys: keys, nonce });
    if (!checked.ok)
      throw new ProofError(checked.reason, `The answer's proof was refused: ${checked.reason}`);
    const answer = checked.claims;
    if (answer.code !== data.code)
      throw new ProofError('CODE_MISMATCH', `The answer says ${data.code}, its proof ${answer.code}`);
    const result: ValidateResult = {
      valid: isValidCode(answer.code),
      code: answer.code,
      message: typeof data.message === 'string' ? data.message : '',
      ...(isRecord(data.certificate)
        ? { certificate: data.certificate as unknown as AnsweredCertificate }
        : {}),
      ...(answer.code === 'ENTITLEMENTS_MISSING' ? { missing: answer.missing } : {}),
      answer,
      proof: data.proof as AnswerProof,
    };
    return { data, result };
  }

  const entitlementsOf = (required: readonly string[] | undefined) =>
    required === undefined ? {} : { requiredEntitlements: [...required] };

  return {
    baseUrl,
    keys,

    verify(license, verifyOptions = {}) {
      return verifyLicense(license, { publicKeys: keys, now: verifyOptions.now ?? now(), ...verifyOptions });
    },

    async validate(request) {
      const nonce = newNonce();
      const json = await post('/api/v1/certificates/validate', {
        license: request.license,
        ...(request.serialNumber === undefined ? {} : { serialNumber: request.serialNumber }),
        nonce,
        ...entitlementsOf(request.requiredEntitlements),
      });
      return verifiedAnswer(json, nonce).result;
    },

    async checkIn(request) {
      const nonce = newNonce();
      const json = await post('/api/v1/licensing/check-in', {
        license: request.license,
        serialNumber: request.serialNumber,
        nonce,
        ...entitlementsOf(request.requiredEntitlements),
        ...(request.machine ? { machine: request.machine } : {}),
      });
      const { data, result } = verifiedAnswer(json, nonce);
      const keysList = Array.isArray(data.keys) ? (data.keys as SigningPublicKey[]) : [];
      if (data.license === undefined) return { ...result, keys: keysList };
      // Only the keys the software trusts decide; the answer's own `keys` never do.
      const licenseVerdict = verifyLicense(data.license, {
        publicKeys: keys,
        now: now(),
        serialNumber: request.serialNumber,
        ...entitlementsOf(request.requiredEntitlements),
      });
      const claims: LicenseClaims | undefined = licenseVerdict.claims;
      const refusal =
        !claims || UNTRUSTED.has(licenseVerdict.code)
          ? licenseVerdict.code
          : claims.certificateId !== result.answer.certificateId ||
              claims.issuedAt !== result.answer.licenseIssuedAt
            ? 'it is not the licence the proof names'
            : null;
      if (refusal)
        throw new ProofError('LICENSE_INVALID', `The returned licence file was refused: ${refusal}`);
      return { ...result, license: data.license as LicenseFile, licenseVerdict, keys: keysList };
    },
  };
}
