import type { LoginRequest, SessionUser } from '../../contract/auth';
import { AUTO_REFRESH_MS } from '../../contract/constants';
import { MESSAGES } from '../../contract/errors';
import type { AuthApi } from '../api/auth-api';
import type { TokenStore } from '../api/token-store';

/** Session states of docs/requirements.md#sessions; `reason` says why an authenticated session ended, if it did. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'unauthenticated'; reason?: string }
  | { status: 'authenticated'; user: SessionUser };

export interface SessionOptions {
  store: TokenStore;
  authApi: AuthApi;
  /** Auto-refresh period; docs/requirements.md#constants says 10 minutes. */
  autoRefreshMs?: number;
}

type Listener = () => void;
type TokenExpiredListener = (message: string) => void;

/**
 * The session state machine of docs/requirements.md#sessions and #calls. It owns the tokens: the API client asks it for
 * the access token, for a refresh on a 401 and to end the session when that refresh fails.
 */
export class Session {
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<Listener>();
  private readonly tokenExpiredListeners = new Set<TokenExpiredListener>();
  private refreshInFlight: Promise<boolean> | null = null;
  private autoRefreshTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly store: TokenStore;
  private readonly authApi: AuthApi;
  private readonly autoRefreshMs: number;

  constructor({ store, authApi, autoRefreshMs = AUTO_REFRESH_MS }: SessionOptions) {
    this.store = store;
    this.authApi = authApi;
    this.autoRefreshMs = autoRefreshMs;
  }

  /** For `useSyncExternalStore`: the same object until the state changes. */
  readonly getState = (): SessionState => this.state;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the message when the session ends because tokens could not be renewed. */
  onTokenExpired(listener: TokenExpiredListener): () => void {
    this.tokenExpiredListeners.add(listener);
    return () => this.tokenExpiredListeners.delete(listener);
  }

  getAccessToken(): string | null {
    return this.store.getAccessToken();
  }

  hasRefreshToken(): boolean {
    return this.store.getRefreshToken() !== null;
  }

  /** Sent with a password change so that this session survives while the user's others end. */
  getRefreshToken(): string | null {
    return this.store.getRefreshToken();
  }

  /**
   * Start-up (docs/requirements.md#sessions): no refresh token means signed out; a refresh token without an access
   * token is refreshed first; then the access token is validated, and if that fails it is
   * refreshed once and validated again before giving up.
   */
  async initialize(): Promise<void> {
    this.setState({ status: 'loading' });
    if (!this.store.getRefreshToken()) {
      this.endSession();
      return;
    }
    if (!this.store.getAccessToken() && !(await this.refresh())) {
      this.endSession();
      return;
    }
    let user = await this.validateAccessToken();
    if (!user && (await this.refresh())) user = await this.validateAccessToken();
    if (!user) {
      this.endSession();
      return;
    }
    this.store.setUser(user);
    this.setState({ status: 'authenticated', user });
    this.scheduleAutoRefresh();
  }

  /** Signs in; throws an ApiError whose message is the docs/requirements.md#error-texts login text. */
  async login(credentials: LoginRequest): Promise<void> {
    const tokens = await this.authApi.login(credentials);
    this.store.setAccessToken(tokens.accessToken);
    this.store.setRefreshToken(tokens.refreshToken);
    this.store.setUser(tokens.user);
    this.setState({ status: 'authenticated', user: tokens.user });
    this.scheduleAutoRefresh();
  }

  /** Ends the session on the server, then locally even when the server call fails. */
  async logout(): Promise<void> {
    const refreshToken = this.store.getRefreshToken();
    try {
      if (refreshToken) await this.authApi.logout(refreshToken, this.store.getAccessToken());
    } catch {
      // The local session ends regardless: a user who pressed Logout must be signed out here.
    } finally {
      this.endSession();
    }
  }

  /**
   * Exchanges the refresh token for new tokens, storing the rotated refresh token. Concurrent
   * callers (the timer, several 401s) share one call, because the server rotates the refresh
   * token on every use and would reject the second use as a replay. Failure clears the tokens.
   */
  refresh(): Promise<boolean> {
    this.refreshInFlight ??= this.runRefresh().finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  /** The token-expired event of docs/requirements.md#sessions: clears user and tokens and tells listeners why. */
  expire(message: string = MESSAGES.authFailed): void {
    if (this.state.status === 'unauthenticated') return;
    this.endSession(message);
    for (const listener of this.tokenExpiredListeners) listener(message);
  }

  /** Stops the auto-refresh timer (when the console is torn down). */
  dispose(): void {
    this.cancelAutoRefresh();
  }

  private async runRefresh(): Promise<boolean> {
    const refreshToken = this.store.getRefreshToken();
    if (!refreshToken) {
      this.clearTokens();
      return false;
    }
    try {
      const tokens = await this.authApi.refresh(refreshToken);
      this.store.setAccessToken(tokens.accessToken);
      if (tokens.refreshToken) this.store.setRefreshToken(tokens.refreshToken);
      this.scheduleAutoRefresh();
      return true;
    } catch {
      this.clearTokens();
      return false;
    }
  }

  private async validateAccessToken(): Promise<SessionUser | null> {
    const token = this.store.getAccessToken();
    if (!token) return null;
    try {
      const result = await this.authApi.validate(token);
      return result.valid ? result.user : null;
    } catch {
      return null;
    }
  }

  private scheduleAutoRefresh(): void {
    this.cancelAutoRefresh();
    this.autoRefreshTimer = setTimeout(() => {
      this.autoRefreshTimer = null;
      void this.refresh().then((isRefreshed) => {
        if (!isRefreshed) this.expire(MESSAGES.authFailed);
      });
    }, this.autoRefreshMs);
  }

  private cancelAutoRefresh(): void {
    if (this.autoRefreshTimer !== null) clearTimeout(this.autoRefreshTimer);
    this.autoRefreshTimer = null;
  }

  private clearTokens(): void {
    this.cancelAutoRefresh();
    this.store.clear();
  }

  private endSession(reason?: string): void {
    this.clearTokens();
    this.setState(reason ? { status: 'unauthenticated', reason } : { status: 'unauthenticated' });
  }

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
