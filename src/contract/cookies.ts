// The session's cookie names, without zod: the console's entry reads them; auth.ts re-exports them.

/** The cookie that carries the console's refresh token: HttpOnly, so no script on the page can read it. */
export const REFRESH_COOKIE = 'lc_refresh';
/**
 * A cookie scripts may read, set and cleared with the refresh cookie: it tells the console a session exists
 * without a failing refresh on every visit. It holds no secret.
 */
export const SESSION_MARKER_COOKIE = 'lc_session';
/** Where the refresh cookie is sent: the auth calls only. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
