// Unpadded base64url (RFC 4648 §5) in its one canonical spelling, and the escaping of text a terminal would act on.

const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

/** Unpadded base64url of bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** Decodes canonical unpadded base64url, or returns null (padding, `+`, `/` and stray bits are refused). */
export function fromBase64Url(text: string): Buffer | null {
  if (!BASE64URL_PATTERN.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  // Node's decoder ignores trailing bits; re-encoding catches a second spelling of the same bytes.
  return bytes.toString('base64url') === text ? bytes : null;
}

// Characters a terminal or a log viewer acts on instead of showing: C0 and C1 controls (ESC starts escape sequences
// that can move the cursor, rewrite a line or recolour it), DEL, lone surrogates, line and paragraph separators and
// the bidirectional overrides (which reorder what is shown). A licence's claims are only as trustworthy as its
// signer, so a verifier prints them through `printable`.
const NON_PRINTABLE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` with every non-printable character written as a `\uXXXX` escape (ESC is `\u001B`). The escape is JSON's
 * own and every such character of a JSON text sits inside a string, so JSON output stays valid and means the same.
 */
export function printable(text: string): string {
  return text.replace(
    NON_PRINTABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** The UTF-8 JSON value of `bytes`, or undefined when they are not valid UTF-8 JSON. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}
