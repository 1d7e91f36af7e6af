// Where the sign-in page sends the user afterwards: the page they were opening, carried as `/login?next=…`.
// Only a path of this console is honoured; anything that could leave the origin (`//evil.example`,
// `https://…`, `/\evil`) falls back to the dashboard, so the link cannot be used to send someone elsewhere.

const LOGIN_PATH = '/login';
const HOME = '/';
const PROBE_ORIGIN = 'http://console.invalid';

/** The sign-in address that returns to `location` afterwards (the plain one for the dashboard). */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (target === HOME || location.pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?next=${encodeURIComponent(target)}`;
}

/** `next` when it is a path of this console, else the dashboard. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
