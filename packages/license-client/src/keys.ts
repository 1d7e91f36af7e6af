// Ed25519 public keys and their ids (docs/licence-file.md section 3).
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** A key id: the first 16 hex digits of the SHA-256 of the public key's DER. */
export const KID_PATTERN = /^[0-9a-f]{16}$/;

/** The key id: the first 16 hex digits of the SHA-256 of the public key's DER (SubjectPublicKeyInfo). */
export function kidOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/**
 * A public key as PEM text, as an entry of `GET /api/v1/licensing/public-keys` (`{ kid, alg, publicKeyPem, ... }`,
 * of which only `publicKeyPem` is read) or as a KeyObject (a private key stands for its public half).
 */
export type PublicKeyInput = string | { publicKeyPem: string } | KeyObject;

/** Trusted keys by kid, as `keysByKid` builds them. */
export type KeyRing = ReadonlyMap<string, KeyObject>;

/** Indexes Ed25519 public keys by the kid computed from each key (a kid written beside a key is not trusted). */
export function keysByKid(publicKeys: readonly PublicKeyInput[]): Map<string, KeyObject> {
  const byKid = new Map<string, KeyObject>();
  for (const input of publicKeys) {
    const key =
      typeof input === 'string'
        ? createPublicKey(input)
        : 'publicKeyPem' in input
          ? createPublicKey(input.publicKeyPem)
          : input.type === 'private'
            ? createPublicKey(input)
            : input;
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('Only Ed25519 public keys can verify licences');
    byKid.set(kidOf(key), key);
  }
  return byKid;
}

/** The key ring of `publicKeys`: a ring already built is used as it is. */
export const keyRingOf = (publicKeys: readonly PublicKeyInput[] | KeyRing): KeyRing =>
  publicKeys instanceof Map ? publicKeys : keysByKid(publicKeys as readonly PublicKeyInput[]);
