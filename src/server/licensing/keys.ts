// Ed25519 licence signing keys, kept in `signing_keys` so every server process signs with the same current key.
// Keys are never deleted: a licence signed by an earlier key still verifies after a rotation.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { signingKeys } from '../db/schema';
import { recordActivity } from '../services/shared/audit';
import { kidOf } from './verify-license';

/** A signing key as stored; `privateKeyPem` is null for an operator key (LICENSE_SIGNING_KEY_FILE). */
export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** A public key as the public-keys endpoint lists it. */
export interface PublicKeyInfo {
  kid: string;
  alg: 'Ed25519';
  publicKeyPem: string;
  createdAt: Date;
  current: boolean;
}

/** An operator-provided private key with its kid; never logged or returned. */
export interface OperatorKey {
  kid: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

// Serialises key changes (rotation, installing an operator key) across processes; any constant shared by all.
const KEY_CHANGE_LOCK_ID = 7_402_312;
const SYSTEM_ACTOR = null;

/** Errors about keys name the file or kid, never the key material. */
export class SigningKeyError extends Error {}

const publicPemOf = (key: KeyObject) =>
  createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();

/** A fresh Ed25519 key pair as PEM, with its kid. */
export function generateSigningKey(): { kid: string; publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    kid: kidOf(publicKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Reads an Ed25519 private key in PEM from a file (LICENSE_SIGNING_KEY_FILE). */
export function readOperatorKey(path: string): OperatorKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new SigningKeyError(`LICENSE_SIGNING_KEY_FILE: cannot read ${path}`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(text);
  } catch {
    // The parser's message could quote the file; say only what is wrong.
    throw new SigningKeyError(`LICENSE_SIGNING_KEY_FILE: ${path} is not a private key in PEM`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new SigningKeyError(`LICENSE_SIGNING_KEY_FILE: ${path} is not an Ed25519 key`);
  }
  const publicKey = createPublicKey(privateKey);
  return { kid: kidOf(publicKey), privateKey, publicKeyPem: publicPemOf(privateKey) };
}

async function lockKeyChanges(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CHANGE_LOCK_ID})`);
}

/** The current signing key row, if any. */
export async function currentKeyRow(db: Db | Tx): Promise<SigningKeyRow | undefined> {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.isCurrent, true));
  return row;
}

/** One key by kid, if known. */
export async function keyRow(db: Db | Tx, kid: string): Promise<SigningKeyRow | undefined> {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
  return row;
}

/** Every key, oldest first, for the public-keys endpoint. */
export async function listPublicKeys(db: Db | Tx): Promise<PublicKeyInfo[]> {
  const rows = await db
    .select({
      kid: signingKeys.kid,
      publicKeyPem: signingKeys.publicKeyPem,
      createdAt: signingKeys.createdAt,
      isCurrent: signingKeys.isCurrent,
    })
    .from(signingKeys)
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  return rows.map((r) => ({
    kid: r.kid,
    alg: 'Ed25519',
    publicKeyPem: r.publicKeyPem,
    createdAt: r.createdAt,
    current: r.isCurrent,
  }));
}

/**
 * Makes sure a current key exists. With an operator key, stores its public half (no private key) and makes it
 * current; otherwise generates the first key unless one is current already. Safe when several processes start together.
 */
export async function ensureCurrentKey(db: Db, now: Date, operatorKey?: OperatorKey): Promise<SigningKeyRow> {
  if (operatorKey) {
    const current = await currentKeyRow(db);
    if (current?.kid !== operatorKey.kid) {
      await db.transaction(async (tx) => {
        await lockKeyChanges(tx);
        // Another process holding the same key file may have won the lock first.
        if ((await currentKeyRow(tx))?.kid === operatorKey.kid) return;
        await tx.update(signingKeys).set({ isCurrent: false }).where(eq(signingKeys.isCurrent, true));
        await tx
          .insert(signingKeys)
          .values({
            kid: operatorKey.kid,
            publicKeyPem: operatorKey.publicKeyPem,
            privateKeyPem: null,
            isCurrent: true,
            createdAt: now,
          })
          .onConflictDoUpdate({ target: signingKeys.kid, set: { isCurrent: true } });
        await recordActivity(tx, SYSTEM_ACTOR, {
          type: 'signing_key.current',
          targetType: 'signing_key',
          targetId: operatorKey.kid,
          description: `Licence signing key ${operatorKey.kid} from LICENSE_SIGNING_KEY_FILE made current`,
          at: now,
        });
      });
    }
  } else if (!(await currentKeyRow(db))) {
    const key = generateSigningKey();
    await db.transaction(async (tx) => {
      // The partial unique index allows one current key: a process that lost the race inserts nothing.
      const inserted = await tx
        .insert(signingKeys)
        .values({ ...key, isCurrent: true, createdAt: now })
        .onConflictDoNothing()
        .returning({ kid: signingKeys.kid });
      if (inserted.length > 0) {
        await recordActivity(tx, SYSTEM_ACTOR, {
          type: 'signing_key.created',
          targetType: 'signing_key',
          targetId: key.kid,
          description: `First licence signing key ${key.kid} generated`,
          at: now,
        });
      }
    });
  }
  const current = await currentKeyRow(db);
  if (!current) throw new SigningKeyError('No current licence signing key could be stored');
  return current;
}

/** Generates a new key and makes it current (the `rotate-signing-key` command); earlier keys stay for verification. */
export async function rotateSigningKey(
  db: Db,
  now: Date,
  actor: { id: string | null; name: string } | null,
): Promise<{ kid: string; previousKid: string | null }> {
  const key = generateSigningKey();
  return db.transaction(async (tx) => {
    await lockKeyChanges(tx);
    const previous = await currentKeyRow(tx);
    await tx.update(signingKeys).set({ isCurrent: false }).where(eq(signingKeys.isCurrent, true));
    await tx.insert(signingKeys).values({ ...key, isCurrent: true, createdAt: now });
    await recordActivity(tx, actor, {
      type: 'signing_key.rotated',
      targetType: 'signing_key',
      targetId: key.kid,
      description: previous
        ? `Licence signing key rotated from ${previous.kid} to ${key.kid}`
        : `Licence signing key ${key.kid} generated`,
      at: now,
    });
    return { kid: key.kid, previousKid: previous?.kid ?? null };
  });
}
