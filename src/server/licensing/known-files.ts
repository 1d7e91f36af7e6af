// The licence files this process has checked. A licensed machine sends the same file again and again, so each file's
// signed part (its payload and signature, exactly as written) is decoded once and its Ed25519 signature verified
// once; what only the file around them says (its fields, the readable copies of the claims) is still checked on every
// call, by the offline verifier's own `parseLicenseFile`. Decoding and verifying were most of the licence check's own
// time per call (docs/performance.md).
import type { KeyObject } from 'node:crypto';
import {
  hasValidSignature,
  parseLicenseFile,
  parseSignedPart,
  type ParsedLicense,
  type SignedPart,
} from './verify-license';
import { createRecentMap } from '../recent-map';

/** Signed parts remembered: a part is a few hundred bytes, and each licensed machine has one. */
const KNOWN_FILES = 10_000;
/** Parts whose signature failed, remembered apart: a flood of forgeries cannot push the machines' files out. */
const FORGED_FILES = 1_000;

export interface KnownFiles {
  /** The MALFORMED step: the file's structure, its signed part decoded only the first time this process sees it. */
  parse(file: unknown): ParsedLicense | null;
  /** Whether the file's signature verifies with `key`, worked out once per signed part. */
  verify(parsed: ParsedLicense, key: KeyObject): boolean;
  /** How many signed parts are remembered. */
  readonly size: number;
}

export function createKnownFiles(size = KNOWN_FILES): KnownFiles {
  // By the signature then the payload as the file wrote them: a changed payload never finds another's entry, and two
  // spellings of the same bytes are two entries, each decoded and verified on its own.
  const parts = createRecentMap<string, SignedPart>(size);
  const forged = createRecentMap<string, SignedPart>(Math.min(size, FORGED_FILES));
  // A verdict belongs to one remembered part: keyed by its signature's bytes (one object per part), it goes when the
  // part does. The key of a kid never changes (the kid is the key's hash), so the verdict never goes stale.
  const verdicts = new WeakMap<Buffer, boolean>();
  // A file handed in again as the same object (the hot route keeps each request body it has seen, frozen: hot-routes.ts)
  // is the same file: its structure is not checked again.
  const byObject = new WeakMap<object, ParsedLicense>();

  function signedPartOf(payload: string, signature: string): SignedPart | null {
    const id = `${signature}.${payload}`;
    const known = parts.get(id) ?? forged.get(id);
    if (known) return known;
    const part = parseSignedPart(payload, signature);
    // Only sound parts are remembered: a stream of malformed files cannot push the licensed machines' out.
    if (part) parts.set(id, part);
    return part;
  }

  return {
    parse(file) {
      const isObject = typeof file === 'object' && file !== null;
      const known = isObject ? byObject.get(file) : undefined;
      if (known) return known;
      const parsed = parseLicenseFile(file, signedPartOf);
      if (parsed && isObject && Object.isFrozen(file)) byObject.set(file, parsed);
      return parsed;
    },
    verify(parsed, key) {
      const known = verdicts.get(parsed.signature);
      if (known !== undefined) return known;
      const valid = hasValidSignature(parsed, key);
      verdicts.set(parsed.signature, valid);
      if (!valid) {
        // Moved to the forgeries' own map: verified parts keep their places.
        const id = `${parsed.encoded.signature}.${parsed.encoded.payload}`;
        const part = parts.get(id);
        if (part) {
          parts.delete(id);
          forged.set(id, part);
        }
      }
      return valid;
    },
    get size() {
      return parts.size;
    },
  };
}
