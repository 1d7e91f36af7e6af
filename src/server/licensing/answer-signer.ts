// Signed answers (docs/licence-file.md "Signed answers"): every validate and check-in answer carries a proof in the
// licence file's own form, signed by the key that signed the presented file while this process holds it, else by
// the current key. The current key is kept in memory and read again every few seconds, so a rotation is used from
// then on (a proof by the key before it still verifies: keys are never deleted), and answers from memory can be
// signed without a promise.
import { sign, type KeyObject } from 'node:crypto';
import type { AnswerProof, LicenseCheckCodeName, SigningPublicKey } from '../../contract/licensing';
import { loggableError } from '../log-redaction';
import type { AppContext } from '../services/shared/context';
import type { Db, Tx } from '../db/client';
import { ANSWER_FORMAT, encodeAnswer, toBase64Url } from './verify-license';

/** How long a proof without a nonce may be handed out again: nobody can tell it from a fresh one but by its time. */
export const PROOF_REUSE_MS = 1000;
/** Above this many remembered proofs, the stale ones go. */
const MAX_REUSABLE_PROOFS = 1_000;
/** How long the current key is used before it is read again. */
const SIGNER_MS = 5_000;

/** What a proof says besides its format, time and nonce. */
export interface AnswerFacts {
  code: LicenseCheckCodeName;
  certificateId: string | null;
  serialNumber: string | null;
  licenseIssuedAt: number | null;
  missing: string[];
}

/** What the service needs of the keys: public keys to verify, private ones to sign proofs and fresh files. */
export interface ValidationKeys {
  publicKey(kid: string): Promise<KeyObject | undefined>;
  knownPublicKey(kid: string): KeyObject | undefined;
  currentSigner(tx: Db | Tx): Promise<{ kid: string; privateKey: KeyObject }>;
  heldSigner(tx: Db | Tx, kid: string): Promise<{ kid: string; privateKey: KeyObject } | undefined>;
  knownSigner(kid: string): { kid: string; privateKey: KeyObject } | undefined;
  publicKeyList: {
    including(kid: string): Promise<SigningPublicKey[]>;
  };
}

export interface Signer {
  kid: string;
  privateKey: KeyObject;
}

export function createAnswerSigner(
  { db, log, now }: Pick<AppContext, 'db' | 'log' | 'now'>,
  keys: ValidationKeys,
) {
  let current: (Signer & { at: number }) | undefined;
  let refreshing: Promise<unknown> | undefined;
  const reusableProofs = new Map<string, { proof: AnswerProof; at: number }>();

  async function refresh() {
    current = { ...(await keys.currentSigner(db)), at: performance.now() };
    return current;
  }
  /** The current key as last read; read again in the background once it is a few seconds old. */
  function currentSigner() {
    if (current && performance.now() - current.at >= SIGNER_MS && !refreshing)
      refreshing = refresh()
        .catch((error: unknown) =>
          log.warn(
            { err: loggableError(error), event: 'licensing.signer_refresh_failed' },
            'could not read the current key',
          ),
        )
        .finally(() => (refreshing = undefined));
    return current;
  }

  function signAnswer(facts: AnswerFacts, signer: Signer, nonce: string | undefined): AnswerProof {
    const bytes = encodeAnswer({
      format: ANSWER_FORMAT,
      code: facts.code,
      certificateId: facts.certificateId,
      serialNumber: facts.serialNumber,
      nonce: nonce ?? null,
      answeredAt: now().getTime(),
      licenseIssuedAt: facts.licenseIssuedAt,
      missing: facts.missing,
      seatId: null,
      seatExpiresAt: null,
    });
    return {
      payload: toBase64Url(bytes),
      signature: toBase64Url(sign(null, bytes, signer.privateKey)),
      kid: signer.kid,
      alg: 'Ed25519',
    };
  }

  return {
    /** Reads the current key, so the first answers from memory can be signed. */
    ready: async () => void (await refresh()),
    /** The signer of a proof for a file signed by `kid`, when it is in memory; else undefined. */
    knownSigner: (kid: string | undefined): Signer | undefined =>
      (kid && keys.knownSigner(kid)) || currentSigner(),
    /** The signer of a proof for a file signed by `kid`. */
    async signer(kid: string | undefined): Promise<Signer> {
      return (
        (kid && keys.knownSigner(kid)) ||
        currentSigner() ||
        (kid && (await keys.heldSigner(db, kid))) ||
        refresh()
      );
    },
    sign: signAnswer,
    /** A proof of a validate answer; one without a nonce may be one signed for the same answer within a second. */
    reusable(facts: AnswerFacts, signer: Signer, nonce: string | undefined): AnswerProof {
      if (nonce !== undefined) return signAnswer(facts, signer, nonce);
      const key = `${facts.code}|${facts.certificateId ?? ''}|${facts.licenseIssuedAt ?? ''}|${signer.kid}|${facts.missing.join(',')}`;
      const at = performance.now();
      const reusable = reusableProofs.get(key);
      if (reusable && at - reusable.at < PROOF_REUSE_MS) return reusable.proof;
      const proof = signAnswer(facts, signer, undefined);
      // Proofs past their reuse window are of no use: the map keeps about the last second's answers.
      if (reusableProofs.size >= MAX_REUSABLE_PROOFS)
        for (const [old, entry] of reusableProofs)
          if (at - entry.at >= PROOF_REUSE_MS) reusableProofs.delete(old);
      reusableProofs.set(key, { proof, at });
      return proof;
    },
  };
}
