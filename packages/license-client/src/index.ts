// @license-console/license-client: the offline verifier of License Console licence files (versions 1 and 2) and of
// its signed answers, the check-in client, and a keeper that keeps a licence file fresh on disk
// (docs/licence-file.md, docs/integrating.md). No dependencies: node:crypto, node:fs and fetch.
export { fromBase64Url, printable, toBase64Url } from './base64url.js';
export { KID_PATTERN, keysByKid, kidOf, type KeyRing, type PublicKeyInput } from './keys.js';
export {
  CLAIM_KEYS,
  CLAIM_KEYS_V1,
  CLAIM_KEYS_V2,
  FILE_KEYS,
  FILE_KEYS_V1,
  FILE_KEYS_V2,
  LICENSE_ALG,
  LICENSE_FORMAT,
  LICENSE_FORMAT_V1,
  LICENSE_FORMAT_V2,
  encodeClaims,
  expiresAtOf,
  graceUntilOf,
  licenseFileOf,
  parseClaims,
  parseLicenseFile,
  parseSignedPart,
  type LicenseClaims,
  type LicenseClaimsV1,
  type LicenseClaimsV2,
  type LicenseFile,
  type LicenseFileV1,
  type LicenseFileV2,
  type ParsedLicense,
  type SignedPart,
} from './license-file.js';
export {
  LICENSE_CHECK_CODES,
  LICENSE_CHECK_MESSAGES,
  checkClaims,
  hasValidSignature,
  isValidCode,
  missingEntitlements,
  verdictOf,
  verifyLicense,
  type ClaimsCheckCode,
  type ClaimsCheckOptions,
  type LicenseCheckCode,
  type LicenseVerdict,
  type OfflineLicenseCheckCode,
  type VerifyOptions,
} from './verify.js';
export {
  ANSWER_CODES,
  ANSWER_FORMAT,
  ANSWER_KEYS,
  encodeAnswer,
  parseAnswer,
  verifyProof,
  type AnswerClaims,
  type AnswerCode,
  type AnswerProof,
  type ProofCheck,
  type ProofFailure,
} from './answer-proof.js';
export {
  LicenseClientError,
  LicenseServerError,
  NetworkError,
  ProofError,
  type ProofErrorReason,
} from './errors.js';
export {
  createLicenseClient,
  newNonce,
  type AnsweredCertificate,
  type CheckInRequest,
  type CheckInResult,
  type LicenseClient,
  type LicenseClientOptions,
  type MachineInfo,
  type SigningPublicKey,
  type ValidateRequest,
  type ValidateResult,
} from './client.js';
export {
  checkInDueAt,
  createLicenseKeeper,
  type KeeperReport,
  type LicenseKeeper,
  type LicenseKeeperOptions,
} from './keeper.js';
