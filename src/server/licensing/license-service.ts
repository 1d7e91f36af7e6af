// The licensing service: signs licences on activation, renewal, amendment and check-in, hands out licence files,
// lists the public keys and answers the validate and check-in calls. Created once at start (app.ts) and reachable as
// `app.licensing`.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SigningPublicKey } from '../../contract/licensing';
import { fileExpiresAt, graceUntilOf, needsV2 } from '../../contract/license-terms';
import type { Db, Tx } from '../db/client';
import { certificates, clients } from '../db/schema';
import type { AppContext } from '../services/shared/context';
import { readCertificateDefaults } from '../services/certificates/defaults';
import {
  SigningKeyError,
  currentKeyRow,
  ensureCurrentKey,
  keyRow,
  listPublicKeys,
  readOperatorKey,
  type OperatorKey,
} from './keys';
import { createValidationService, type Reissue, type ValidationService } from './validation-service';
import type { CheckCache } from './check-cache';
import { signClaims } from './license-file';
import {
  LICENSE_FORMAT_V1,
  LICENSE_FORMAT_V2,
  expiresAtOf,
  fromBase64Url,
  licenseFileOf,
  parseClaims,
  type AnswerClaims,
  type LicenseClaims,
  type LicenseClaimsV1,
  type LicenseClaimsV2,
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
  /** The terms of a v2 licence (src/contract/license-terms.ts). */
  graceDays: number;
  fileLifetimeDays: number | null;
}

/** The stored licence columns of a certificates row. */
export interface StoredLicense {
  licensePayload: string | null;
  licenseSignature: string | null;
  licenseKid: string | null;
}

/** What a signed answer says (docs/licence-file.md "Signed answers"); the format and time are added when signed. */
export type AnswerFacts = Omit<AnswerClaims, 'format' | 'answeredAt'>;

/** Issuing and reading licences, and (from the validation service it is built on) the licence check. */
export interface LicenseService extends ValidationService {
  /** Signs the certificate's claims with the current key and stores the licence on its row, inside the caller's transaction. */
  issue(tx: Db | Tx, certificate: LicensedCertificate, issuedAt: Date): Promise<void>;
  /**
   * Signs a stored licence again: the very claims it was issued with (even if the client was renamed since) under
   * the certificate's current terms, a new `issuedAt`, with the key `kid` while this process holds it (a check-in
   * re-signs with the key the machine's file names), else the current key. Falls back to `issue` for a row without one.
   */
  reissue(
    tx: Db | Tx,
    certificate: LicensedCertificate & StoredLicense,
    issuedAt: Date,
    kid?: string,
  ): Promise<void>;
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

  const privateKeyOf = (row: { kid: string; privateKeyPem: string | null }): KeyObject | undefined => {
    let privateKey = privateKeys.get(row.kid);
    if (!privateKey && row.privateKeyPem) {
      privateKey = createPrivateKey(row.privateKeyPem);
      privateKeys.set(row.kid, privateKey);
    }
    return privateKey;
  };

  return {
    /** The current key read inside `tx`, so a rotation by another process is used from its commit on. */
    async currentSigner(tx: Db | Tx): Promise<Signer> {
      const row = await currentKeyRow(tx);
      if (!row) throw new SigningKeyError('No current licence signing key');
      const privateKey = privateKeyOf(row);
      if (!privateKey)
        throw new SigningKeyError(
          `The current licence signing key ${row.kid} came from LICENSE_SIGNING_KEY_FILE, which this process does not have`,
        );
      return { kid: row.kid, privateKey };
    },
    /** The key `kid` when this process holds its private half (already read, or read now), else undefined. */
    async heldSigner(tx: Db | Tx, kid: string): Promise<Signer | undefined> {
      const known = privateKeys.get(kid);
      if (known) return { kid, privateKey: known };
      const row = await keyRow(tx, kid);
      const privateKey = row && privateKeyOf(row);
      return privateKey ? { kid, privateKey } : undefined;
    },
    /** The key `kid` when its private half is in memory, without a promise; else undefined. */
    knownSigner: (kid: string): Signer | undefined => {
      const privateKey = privateKeys.get(kid);
      return privateKey ? { kid, privateKey } : undefined;
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

export interface Signer {
  kid: string;
  privateKey: KeyObject;
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
  const publicKeyList = createPublicKeyList(db);
  // A check-in's fresh file: the stored licence signed again under the row's lock (a renewal or an amendment holding
  // it finishes first, and the file signed here carries what it stored).
  const reissueForCheckIn: Reissue = async (tx, id, at, kid) => {
    const [row] = await tx
      .select({
        id: certificates.id,
        clientId: certificates.clientId,
        clientName: clients.name,
        serialNumber: certificates.serialNumber,
        studioCount: certificates.studioCount,
        userCount: certificates.userCount,
        validFrom: certificates.validFrom,
        validTo: certificates.validTo,
        graceDays: certificates.graceDays,
        fileLifetimeDays: certificates.fileLifetimeDays,
        licensePayload: certificates.licensePayload,
        licenseSignature: certificates.licenseSignature,
        licenseKid: certificates.licenseKid,
      })
      .from(certificates)
      .innerJoin(clients, eq(clients.id, certificates.clientId))
      .where(eq(certificates.id, id))
      .for('update', { of: certificates });
    if (!row?.licensePayload) return null;
    await service.reissue(tx, row, at, kid);
    const [signed] = await tx
      .select({
        payload: certificates.licensePayload,
        signature: certificates.licenseSignature,
        kid: certificates.licenseKid,
        issuedAt: certificates.licenseIssuedAt,
        expiresAt: certificates.licenseExpiresAt,
      })
      .from(certificates)
      .where(eq(certificates.id, id));
    const { payload, signature, kid: signedBy, issuedAt, expiresAt } = signed ?? {};
    return payload && signature && signedBy && issuedAt && expiresAt
      ? { payload, signature, kid: signedBy, issuedAt, expiresAt }
      : null;
  };
  const validation = createValidationService(ctx, { ...keys, publicKeyList }, checks, reissueForCheckIn);
  await validation.ready();

  /** Signs claims (which name the signer in `kid`) and stores the licence on the certificate's row. */
  async function signAndStore(tx: Db | Tx, claims: UnsignedClaims, issuedAt: Date, signer: Signer) {
    const signed = { ...claims, kid: signer.kid } as LicenseClaims;
    const { payload, signature } = signClaims(signed, signer.privateKey);
    const updated = await tx
      .update(certificates)
      .set({
        licensePayload: payload,
        licenseSignature: signature,
        licenseKid: signer.kid,
        licenseIssuedAt: issuedAt,
        licenseFormat: signed.format === LICENSE_FORMAT_V2 ? 'v2' : 'v1',
        licenseExpiresAt: new Date(expiresAtOf(signed)),
      })
      .where(eq(certificates.id, claims.certificateId))
      .returning({ id: certificates.id });
    if (updated.length !== 1)
      throw new Error(`Certificate ${claims.certificateId} not found while storing its licence`);
    log.info(
      {
        event: 'licensing.issued',
        certificateId: claims.certificateId,
        kid: signer.kid,
        format: signed.format,
      },
      'licence signed',
    );
  }

  /**
   * The claims of a licence signed at `issuedAt`: v1, byte for byte as before v2, while the certificate uses nothing
   * only v2 carries and the owners keep the v1 format; v2 otherwise.
   */
  async function claimsOf(
    tx: Db | Tx,
    base: BaseClaims,
    terms: LicensedCertificate,
    issuedAt: Date,
  ): Promise<UnsignedClaims> {
    const { licenseFormat } = await readCertificateDefaults(tx);
    const at = issuedAt.getTime();
    if (licenseFormat === 'v1' && !needsV2(terms))
      return { format: LICENSE_FORMAT_V1, ...base, issuedAt: at };
    const period = { validFrom: base.validFrom, validTo: base.validTo };
    return {
      format: LICENSE_FORMAT_V2,
      ...base,
      issuedAt: at,
      expiresAt: fileExpiresAt(terms, period, at),
      graceUntil: graceUntilOf(base.validTo, terms.graceDays),
      entitlements: [],
      maintenanceUntil: null,
      machineKeyId: null,
    };
  }

  const baseOf = (certificate: LicensedCertificate): BaseClaims => ({
    certificateId: certificate.id,
    serialNumber: certificate.serialNumber,
    clientId: certificate.clientId,
    clientName: certificate.clientName,
    studioCount: certificate.studioCount,
    userCount: certificate.userCount,
    validFrom: certificate.validFrom.getTime(),
    validTo: certificate.validTo.getTime(),
  });

  const service: LicenseService = {
    async issue(tx, certificate, issuedAt) {
      const claims = await claimsOf(tx, baseOf(certificate), certificate, issuedAt);
      await signAndStore(tx, claims, issuedAt, await keys.currentSigner(tx));
    },

    async reissue(tx, certificate, issuedAt, kid) {
      const bytes = certificate.licensePayload ? fromBase64Url(certificate.licensePayload) : null;
      const stored = bytes ? parseClaims(bytes) : null;
      const signer = (kid && (await keys.heldSigner(tx, kid))) || (await keys.currentSigner(tx));
      if (!stored) {
        const claims = await claimsOf(tx, baseOf(certificate), certificate, issuedAt);
        return signAndStore(tx, claims, issuedAt, signer);
      }
      const base: BaseClaims = {
        certificateId: stored.certificateId,
        serialNumber: stored.serialNumber,
        clientId: stored.clientId,
        clientName: stored.clientName,
        studioCount: stored.studioCount,
        userCount: stored.userCount,
        validFrom: stored.validFrom,
        validTo: stored.validTo,
      };
      return signAndStore(tx, await claimsOf(tx, base, certificate, issuedAt), issuedAt, signer);
    },

    fileFor(row) {
      if (!row.licensePayload || !row.licenseSignature || !row.licenseKid)
        throw new Error('The certificate has no licence yet');
      return licenseFileOf(row.licensePayload, row.licenseSignature, row.licenseKid);
    },

    publicKeys: () => publicKeyList.get(),

    validate: (license, serialNumber, options) => validation.validate(license, serialNumber, options),
    validateFromMemory: (license, serialNumber, options) =>
      validation.validateFromMemory(license, serialNumber, options),
    checkIn: (input, options) => validation.checkIn(input, options),
    ready: () => validation.ready(),
    flushUsage: () => validation.flushUsage(),
    close: () => validation.close(),
  };
  return service;
}

/** The claims every version carries besides its format, `issuedAt` and `kid`. */
type BaseClaims = Pick<
  LicenseClaims,
  | 'certificateId'
  | 'serialNumber'
  | 'clientId'
  | 'clientName'
  | 'studioCount'
  | 'userCount'
  | 'validFrom'
  | 'validTo'
>;
type UnsignedClaims = Omit<LicenseClaimsV1, 'kid'> | Omit<LicenseClaimsV2, 'kid'>;

/** How long the list of public keys is kept: keys are only ever added, and a signer missing from it reads it again. */
const PUBLIC_KEY_LIST_MS = 5_000;

/** The public keys as `/licensing/public-keys` answers them, kept for a few seconds (every check-in carries them). */
function createPublicKeyList(db: Db) {
  let cached: { keys: SigningPublicKey[]; at: number } | null = null;
  async function read() {
    const rows = await listPublicKeys(db);
    cached = { keys: rows.map((k) => ({ ...k, createdAt: k.createdAt.getTime() })), at: performance.now() };
    return cached.keys;
  }
  return {
    get: () => read(),
    /** The list, read again when older than a few seconds or when it lacks `kid` (a key made since). */
    async including(kid: string): Promise<SigningPublicKey[]> {
      if (
        cached &&
        performance.now() - cached.at < PUBLIC_KEY_LIST_MS &&
        cached.keys.some((k) => k.kid === kid)
      )
        return cached.keys;
      return read();
    },
    /** The list when it is in memory, fresh, and holds `kid`; else undefined. */
    known(kid: string): SigningPublicKey[] | undefined {
      return cached &&
        performance.now() - cached.at < PUBLIC_KEY_LIST_MS &&
        cached.keys.some((k) => k.kid === kid)
        ? cached.keys
        : undefined;
    },
  };
}
export type PublicKeyList = ReturnType<typeof createPublicKeyList>;
