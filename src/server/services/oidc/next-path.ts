// Where a single sign-on lands: a path of the console, never another site. `next` comes from a link anyone can write
// (`/api/v1/auth/oidc/start?next=…`), so an unchecked one would make the sign-in an open redirect that ends, signed
// in, wherever an attacker chose.

/** The landing path when `next` is absent or refused. */
export const DEFAULT_NEXT = '/';

/**
 * `next` as a same-origin path (percent-encoded, dot segments resolved), or `/`. Refused: anything but a single
 * leading `/` (`//host` and `/\host` are other hosts to a browser, `https:` a scheme), and any control character or
 * space, which browsers strip or reinterpret (`/\t/host` becomes `//host`).
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_NEXT;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(next)) return DEFAULT_NEXT;
  // Parsed against a placeholder origin: whatever changes the origin is refused, and the path comes back encoded, so
  // it is always a valid Location header.
  const base = 'https://console.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== base) return DEFAULT_NEXT;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : DEFAULT_NEXT;
}
