// The licensing service: signs licences on activation and renewal, hands out licence files, lists the public keys
// and answers the validate call. Created once at start (app.ts) and reachable as `app.licensing`.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SigningPublicKey } from '../../contract/licensing';
import type { Db, Tx } from '../db/client';
import { certificates } from '../db/schema';
import type { AppContext } from '../services/shared/context';
import {
  SigningKeyError,
  currentKeyRow,
  ensureCurrentKey,
  keyRow,
  listPublicKeys,
  readOperatorKey,
  type OperatorKey,
} from './keys';
import { licenseFileOf, signClaims } from './license-file';
import { createValidationService, type ValidationService } from './validation-service';
import type { CheckCache } from './check-cache';
import {
  LICENSE_FORMAT,
  fromBase64Url,
  parseClaims,
  type LicenseClaims,
  type LicenseFile,
} from './verify-license';

export type { LicenseFile } from './verify-license';

/** The certificate fields a licence is signed from. */
export interface LicensedCertificate {
  id: string;
  clientId: string;
  clientName: string;
  serialNumber: string;
  studioCount: number;
  userCount: number;
  validFrom: Date;
  validTo: Date;
}

/** The stored licence columns of a certificates row. */
export interface StoredLicense {
  licensePayload: string | null;
  licenseSignature: string | null;
  licenseKid: string | null;
}

/** Issuing and reading licences, and (from the validation service it is built on) the licence check. */
export interface LicenseService extends ValidationService {
  /** Signs the certificate's claims with the current key and stores the licence on its row, inside the caller's transaction. */
  issue(tx: Db | Tx, certificate: LicensedCertificate, issuedAt: Date): Promise<void>;
  /**
   * Signs a stored licence again with the current key: the very claims it was issued with (even if the client
   * was renamed since), a new `issuedAt` and the signing key's `kid`. Falls back to `issue` for a row without one.
   */
  reissue(tx: Db | Tx, certificate: LicensedCertificate & StoredLicense, issuedAt: Date): Promise<void>;
  /** The licence file of a row, rebuilt from its stored payload; throws when the row has no licence. */
  fileFor(row: StoredLicense): LicenseFile;
  /** Every signing key's public half, oldest first. */
  publicKeys(): Promise<SigningPublicKey[]>;
}

/** The key material of this process: private keys by kid (cached), public keys by kid (cached; keys never change). */
function createKeyRing(db: Db, operatorKey: OperatorKey | undefined) {
  const privateKeys = new Map<string, KeyObject>();
  const publicKeys = new Map<string, KeyObject>();
  if (operatorKey) privateKeys.set(operatorKey.kid, operatorKey.privateKey);

  return {
    /** The current key read inside `tx`, so a rotation by another process is used from its commit on. */
    async currentSigner(tx: Db | Tx): Promise<{ kid: string; privateKey: KeyObject }> {
      const row = await currentKeyRow(tx);
      if (!row) throw new SigningKeyError('No current licence signing key');
      let privateKey = privateKeys.get(row.kid);
      if (!privateKey) {
        if (!row.privateKeyPem) {
          throw new SigningKeyError(
            `The current licence signing key ${row.kid} came from LICENSE_SIGNING_KEY_FILE, which this process does not have`,
          );
        }
        privateKey = createPrivateKey(row.privateKeyPem);
        privateKeys.set(row.kid, privateKey);
      }
      return { kid: row.kid, privateKey };
    },
    /** The public key of a kid this process has already read, without a promise; else undefined. */
    knownPublicKey: (kid: string): KeyObject | undefined => publicKeys.get(kid),
    /** The public key of a kid, or undefined when no such key was ever made. */
    async publicKey(kid: string): Promise<KeyObject | undefined> {
      const cached = publicKeys.get(kid);
      if (cached) return cached;
      const row = await keyRow(db, kid);
      if (!row) return undefined;
      const key = createPublicKey(row.publicKeyPem);
      publicKeys.set(kid, key);
      return key;
    },
  };
}

/**
 * Creates the service, making sure a current signing key exists (generated at first start, or the operator's).
 * `checks` is what the licence check reads through: the server's cache (check-cache.ts), or none (the CLI).
 */
export async function createLicenseService(ctx: AppContext, checks?: CheckCache): Promise<LicenseService> {
  const { db, env, now, log } = ctx;
  const operatorKey = env.LICENSE_SIGNING_KEY_FILE
    ? readOperatorKey(env.LICENSE_SIGNING_KEY_FILE)
    : undefined;
  const current = await ensureCurrentKey(db, now(), operatorKey);
  if (!current.privateKeyPem && current.kid !== operatorKey?.kid) {
    throw new SigningKeyError(
      `The current licence signing key ${current.kid} came from LICENSE_SIGNING_KEY_FILE: set that variable again, or run \`npm run cli -- rotate-signing-key\``,
    );
  }
  log.info(
    {
      event: 'licensing.key',
      kid: current.kid,
      source: operatorKey ? 'LICENSE_SIGNING_KEY_FILE' : 'database',
    },
    'licence signing key ready',
  );

  const keys = createKeyRing(db, operatorKey);
  const validation = createValidationService(ctx, keys, checks);

  /** Signs claims with the current key (which names itself in `kid`) and stores the licence on the certificate's row. */
  async function signAndStore(tx: Db | Tx, claims: Omit<LicenseClaims, 'kid'>, issuedAt: Date) {
    const { kid, privateKey } = await keys.currentSigner(tx);
    const { payload, signature } = signClaims({ ...claims, kid }, privateKey);
    const updated = await tx
      .update(certificates)
      .set({
        licensePayload: payload,
        licenseSignature: signature,
        licenseKid: kid,
        licenseIssuedAt: issuedAt,
      })
      .where(eq(certificates.id, claims.certificateId))
      .returning({ id: certificates.id });
    if (updated.length !== 1)
      throw new Error(`Certificate ${claims.certificateId} not found while storing its licence`);
    log.info({ event: 'licensing.issued', certificateId: claims.certificateId, kid }, 'licence signed');
  }

  const claimsOf = (certificate: LicensedCertificate, issuedAt: Date): Omit<LicenseClaims, 'kid'> => ({
    format: LICENSE_FORMAT,
    certificateId: certificate.id,
    serialNumber: certificate.serialNumber,
    clientId: certificate.clientId,
    clientName: certificate.clientName,
    studioCount: certificate.studioCount,
    userCount: certificate.userCount,
    validFrom: certificate.validFrom.getTime(),
    validTo: certificate.validTo.getTime(),
    issuedAt: issuedAt.getTime(),
  });

  return {
    issue: (tx, certificate, issuedAt) => signAndStore(tx, claimsOf(certificate, issuedAt), issuedAt),

    async reissue(tx, certificate, issuedAt) {
      const bytes = certificate.licensePayload ? fromBase64Url(certificate.licensePayload) : null;
      const stored = bytes ? parseClaims(bytes) : null;
      if (!stored) return signAndStore(tx, claimsOf(certificate, issuedAt), issuedAt);
      const { kid: _previousKid, ...claims } = stored;
      return signAndStore(tx, { ...claims, issuedAt: issuedAt.getTime() }, issuedAt);
    },

    fileFor(row) {
      if (!row.licensePayload || !row.licenseSignature || !row.licenseKid)
        throw new Error('The certificate has no licence yet');
      return licenseFileOf(row.licensePayload, row.licenseSignature, row.licenseKid);
    },

    async publicKeys() {
      const rows = await listPublicKeys(db);
      return rows.map((k) => ({ ...k, createdAt: k.createdAt.getTime() }));
    },

    validate: (license, serialNumber, options) => validation.validate(license, serialNumber, options),
    validateFromMemory: (license, serialNumber, options) =>
      validation.validateFromMemory(license, serialNumber, options),
    flushUsage: () => validation.flushUsage(),
    close: () => validation.close(),
  };
}
