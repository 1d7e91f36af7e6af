// The console's refresh token travels in the `lc_refresh` cookie: HttpOnly (no script on the page can read it),
// SameSite=Strict, sent to the auth calls only, Secure whenever the browser reached us over HTTPS. Beside it, the
// `lc_session` marker (no secret, readable by scripts) tells the console that a session exists, so a visitor with
// none costs no failing refresh (docs/adr/0008-refresh-cookie-and-sessions.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, SESSION_MARKER_COOKIE } from '../../contract/auth';
import { SESSION_LIFETIME_MS } from '../services/auth/sessions';
import { arrivedOverHttps, arrivedViaOf } from './security-headers';

const cookieOptions = (request: FastifyRequest, trustProxy: boolean) =>
  ({ sameSite: 'strict', secure: arrivedOverHttps(arrivedViaOf(request), trustProxy) }) as const;

/** The refresh token the browser sent in its cookie, if any. */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/**
 * Sets the refresh cookie and the session marker. They last as long as a session may (the server refuses a
 * session past its end and then clears them).
 */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  trustProxy: boolean,
): void {
  const options = cookieOptions(request, trustProxy);
  const maxAge = SESSION_LIFETIME_MS / 1000;
  reply.setCookie(REFRESH_COOKIE, token, { ...options, httpOnly: true, path: REFRESH_COOKIE_PATH, maxAge });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...options, httpOnly: false, path: '/', maxAge });
}

/** Clears the refresh cookie and the marker. */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, trustProxy: boolean): void {
  const options = cookieOptions(request, trustProxy);
  reply.clearCookie(REFRESH_COOKIE, { ...options, httpOnly: true, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_MARKER_COOKIE, { ...options, path: '/' });
}

/**
 * A refresh authenticated by the cookie must be a request a cross-site form cannot make: JSON, or carrying
 * `X-Requested-With` (either needs a CORS preflight from another origin, which this server never grants).
 */
export function isCookieRefreshAllowed(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'] ?? '';
  return /^application\/json\b/i.test(contentType) || request.headers['x-requested-with'] !== undefined;
}
