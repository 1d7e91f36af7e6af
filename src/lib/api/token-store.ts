import { ACCESS_TOKEN_COOKIE_MINUTES } from '../../contract/constants';
import { sessionUserSchema, type SessionUser } from '../../contract/auth';

/** Where the session keeps its tokens and user (docs/requirements.md#calls). */
export interface TokenStore {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  getRefreshToken(): string | null;
  setRefreshToken(token: string): void;
  getUser(): SessionUser | null;
  setUser(user: SessionUser): void;
  /** Removes tokens and user. */
  clear(): void;
}

const ACCESS_TOKEN_COOKIE = 'accessToken';
const REFRESH_TOKEN_KEY = 'refreshToken';
const USER_KEY = 'user';

type BrowserStorageHost = {
  document: Pick<Document, 'cookie'>;
  location: Pick<Location, 'protocol'>;
  sessionStorage: Storage;
  localStorage: Storage;
};

/**
 * The requirements' storage: access token in a 15-minute cookie, refresh token in session storage
 * (gone when the tab closes), user in local storage.
 */
export function createBrowserTokenStore(host: BrowserStorageHost = window): TokenStore {
  const cookieAttributes = () =>
    `path=/; samesite=strict${host.location.protocol === 'https:' ? '; secure' : ''}`;
  return {
    getAccessToken() {
      for (const part of host.document.cookie.split(';')) {
        const [name, ...value] = part.trim().split('=');
        if (name === ACCESS_TOKEN_COOKIE) return decodeURIComponent(value.join('=')) || null;
      }
      return null;
    },
    setAccessToken(token) {
      host.document.cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}; max-age=${ACCESS_TOKEN_COOKIE_MINUTES * 60}; ${cookieAttributes()}`;
    },
    getRefreshToken() {
      return host.sessionStorage.getItem(REFRESH_TOKEN_KEY);
    },
    setRefreshToken(token) {
      host.sessionStorage.setItem(REFRESH_TOKEN_KEY, token);
    },
    getUser() {
      const raw = host.localStorage.getItem(USER_KEY);
      if (!raw) return null;
      try {
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
      host.sessionStorage.removeItem(REFRESH_TOKEN_KEY);
      host.localStorage.removeItem(USER_KEY);
    },
  };
}

/** A store held in memory: for stories and for consoles embedded where storage is not wanted. */
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
    getRefreshToken: () => refreshToken,
    setRefreshToken: (token) => {
      refreshToken = token;
    },
    getUser: () => user,
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
