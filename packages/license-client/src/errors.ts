// What the network client rejects with: every error is a LicenseClientError, so one `instanceof` catches them all.

/** The base of every error the client and the keeper reject with. */
export class LicenseClientError extends Error {
  override name = 'LicenseClientError';
}

/** The server could not be reached, or its answer could not be read (refused connection, timeout, DNS, a cut body). */
export class NetworkError extends LicenseClientError {
  override name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The server answered with a status other than 2xx; `code` and `message` are its error body's, when it sent one. */
export class LicenseServerError extends LicenseClientError {
  override name = 'LicenseServerError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** Seconds the server asked to wait (`Retry-After`, with 429), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Why an answer was not trusted. */
export type ProofErrorReason =
  'MALFORMED' | 'UNKNOWN_KEY' | 'SIGNATURE_INVALID' | 'NONCE_MISMATCH' | 'CODE_MISMATCH' | 'LICENSE_INVALID';

/**
 * A 2xx answer that cannot be trusted: no sound proof, a proof that does not verify with the trusted keys, a nonce
 * other than the one sent, a code other than the proof's, or a returned licence file that does not verify.
 */
export class ProofError extends LicenseClientError {
  override name = 'ProofError';
  constructor(
    readonly reason: ProofErrorReason,
    message: string,
  ) {
    super(message);
  }
}
