import { ACCESS_TOKEN_COOKIE_MINUTES } from '../../contract/constants';
import type { SessionUser } from '../../contract/auth';
import { SESSION_MARKER_COOKIE } from '../../contract/cookies';
import { authSchemas } from './answer-schemas';

/**
 * Where the session keeps its tokens and user. In the browser the refresh token never reaches script: the server
 * keeps it in the HttpOnly `lc_refresh` cookie (docs/adr/0008-refresh-cookie-and-sessions.md), and this store
 * only learns from the readable `lc_session` marker that such a cookie exists.
 */
export interface TokenStore {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  /** Whether there is a session to refresh: the browser's marker cookie, or a refresh token held in memory. */
  hasRefreshCredential(): boolean;
  /** The refresh token to send in the body, when this store holds one (memory); null when a cookie carries it. */
  getRefreshToken(): string | null;
  /** Keeps a refresh token the server answered with; the browser store drops it (the cookie carries it). */
  setRefreshToken(token: string): void;
  /** The stored user, checked against the contract (whose schemas load on demand: answer-schemas.ts). */
  getUser(): Promise<SessionUser | null>;
  setUser(user: SessionUser): void;
  /** Removes tokens, user and marker. */
  clear(): void;
}

const ACCESS_TOKEN_COOKIE = 'accessToken';
/** Where the first console kept the refresh token; removed on sight so no old token lingers in the tab. */
const LEGACY_REFRESH_TOKEN_KEY = 'refreshToken';
const USER_KEY = 'user';

type BrowserStorageHost = {
  document: Pick<Document, 'cookie'>;
  location: Pick<Location, 'protocol'>;
  sessionStorage: Storage;
  localStorage: Storage;
};

function readCookie(host: BrowserStorageHost, name: string): string | null {
  for (const part of host.document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/**
 * The browser's storage: the access token in a 15-minute cookie and the user in local storage, both shared by every
 * tab of the browser, so a new tab starts signed in; the refresh token in the server's HttpOnly cookie.
 */
export function createBrowserTokenStore(host: BrowserStorageHost = window): TokenStore {
  const cookieAttributes = () =>
    `path=/; samesite=strict${host.location.protocol === 'https:' ? '; secure' : ''}`;
  host.sessionStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  return {
    getAccessToken: () => readCookie(host, ACCESS_TOKEN_COOKIE),
    setAccessToken(token) {
      host.document.cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}; max-age=${ACCESS_TOKEN_COOKIE_MINUTES * 60}; ${cookieAttributes()}`;
    },
    hasRefreshCredential: () => readCookie(host, SESSION_MARKER_COOKIE) !== null,
    getRefreshToken: () => null,
    setRefreshToken() {
      // The lc_refresh cookie already carries it; keeping a copy would hand it to any script on the page.
    },
    async getUser() {
      const raw = host.localStorage.getItem(USER_KEY);
      if (!raw) return null;
      try {
        const { sessionUserSchema } = await authSchemas();
        const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    setUser(user) {
      host.localStorage.setItem(USER_KEY, JSON.stringify(user));
    },
    clear() {
      host.document.cookie = `${ACCESS_TOKEN_COOKIE}=; max-age=0; ${cookieAttributes()}`;
      // The server clears its cookies on logout and on a failed refresh; the marker goes here too, so a tab whose
      // session ended offline does not keep trying.
      host.document.cookie = `${SESSION_MARKER_COOKIE}=; max-age=0; ${cookieAttributes()}`;
      host.localStorage.removeItem(USER_KEY);
    },
  };
}

/** A store held in memory, sending the refresh token in the body as an API client does: for stories and tests. */
export function createMemoryTokenStore(
  initial: { accessToken?: string; refreshToken?: string; user?: SessionUser } = {},
): TokenStore {
  let accessToken = initial.accessToken ?? null;
  let refreshToken = initial.refreshToken ?? null;
  let user = initial.user ?? null;
  return {
    getAccessToken: () => accessToken,
    setAccessToken: (token) => {
      accessToken = token;
    },
    hasRefreshCredential: () => refreshToken !== null,
    getRefreshToken: () => refreshToken,
    setRefreshToken: (token) => {
      refreshToken = token;
    },
    getUser: async () => user,
    setUser: (next) => {
      user = next;
    },
    clear: () => {
      accessToken = null;
      refreshToken = null;
      user = null;
    },
  };
}
