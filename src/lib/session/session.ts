import type { LoginRequest, MfaChallenge, SessionUser, TokenSet } from '../../contract/auth';
import { AUTO_REFRESH_MS } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { AuthApi } from '../api/auth-api';
import type { TokenStore } from '../api/token-store';
import { createLocalSessionSync, type SessionMessage, type SessionSync } from './session-sync';

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
  /** The other tabs of this browser (default: none). */
  sync?: SessionSync;
}

type Listener = () => void;
type TokenExpiredListener = (message: string) => void;

/**
 * The session state machine of docs/requirements.md#sessions and #calls. It owns the tokens: the API client asks it for
 * the access token, for a refresh on a 401 and to end the session when that refresh fails. Every tab of a browser
 * shares one session (docs/adr/0008-refresh-cookie-and-sessions.md): tokens live in cookies all tabs read, a tab
 * tells the others when it signs in, refreshes or signs out, and refreshes run one at a time across tabs.
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
  private readonly sync: SessionSync;
  private readonly unsubscribeSync: () => void;

  constructor({
    store,
    authApi,
    autoRefreshMs = AUTO_REFRESH_MS,
    sync = createLocalSessionSync(),
  }: SessionOptions) {
    this.store = store;
    this.authApi = authApi;
    this.autoRefreshMs = autoRefreshMs;
    this.sync = sync;
    this.unsubscribeSync = sync.subscribe((message) => this.receive(message));
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
    return this.store.hasRefreshCredential();
  }

  /**
   * Start-up (docs/requirements.md#sessions): no refresh credential means signed out, without a request; one without
   * an access token is refreshed first; then the access token is validated, and if that fails it is refreshed once
   * and validated again before giving up. `onAccessToken` runs once there is a token to call with, beside the
   * validation: the opened page's first calls start there (src/app/prefetch.ts).
   */
  async initialize({ onAccessToken }: { onAccessToken?: () => void } = {}): Promise<void> {
    this.setState({ status: 'loading' });
    if (!this.store.hasRefreshCredential()) {
      this.endSession();
      return;
    }
    if (!this.store.getAccessToken() && !(await this.refresh())) {
      this.endSession();
      return;
    }
    onAccessToken?.();
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

  /**
   * Signs in; throws an ApiError whose message is the docs/requirements.md#error-texts login text. Answers the second
   * step when the password was right for an account with two-factor codes (null once signed in).
   */
  async login(credentials: LoginRequest): Promise<MfaChallenge | null> {
    const answer = await this.authApi.login(credentials);
    if (!('accessToken' in answer)) return answer;
    this.begin(answer);
    return null;
  }

  /** Takes up the session a sign-in's last step answered (the password's, or the two-factor code's). */
  begin(tokens: TokenSet): void {
    this.store.setAccessToken(tokens.accessToken);
    this.store.setRefreshToken(tokens.refreshToken);
    this.store.setUser(tokens.user);
    this.setState({ status: 'authenticated', user: tokens.user });
    this.scheduleAutoRefresh();
    this.sync.publish({ type: 'signed-in', user: tokens.user });
  }

  /** Ends the session on the server, then locally even when the server call fails. */
  async logout(): Promise<void> {
    try {
      if (this.store.hasRefreshCredential())
        await this.authApi.logout(this.store.getRefreshToken(), this.store.getAccessToken());
    } catch {
      // The local session ends regardless: a user who pressed Logout must be signed out here.
    } finally {
      this.endSession();
      this.sync.publish({ type: 'signed-out' });
    }
  }

  /**
   * Exchanges the refresh token for new tokens. Concurrent callers in this tab (the timer, several 401s) share one
   * call, and tabs take turns (SessionSync.exclusive), because the server rotates the refresh token on every use.
   * Failure clears the tokens.
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
    this.endExpired(message);
    this.sync.publish({ type: 'signed-out', reason: message });
  }

  /** Stops the auto-refresh timer and stops listening to other tabs (when the console is torn down). */
  dispose(): void {
    this.cancelAutoRefresh();
    this.unsubscribeSync();
  }

  private async runRefresh(): Promise<boolean> {
    const tokenBefore = this.store.getAccessToken();
    return this.sync.exclusive(async () => {
      // Another tab refreshed while this one waited for its turn: its new token is in the shared cookie.
      const current = this.store.getAccessToken();
      if (current !== null && current !== tokenBefore) {
        this.scheduleAutoRefresh();
        return true;
      }
      if (!this.store.hasRefreshCredential()) {
        this.clearTokens();
        return false;
      }
      try {
        const tokens = await this.authApi.refresh(this.store.getRefreshToken());
        this.store.setAccessToken(tokens.accessToken);
        if (tokens.refreshToken) this.store.setRefreshToken(tokens.refreshToken);
        this.scheduleAutoRefresh();
        this.sync.publish({ type: 'refreshed' });
        return true;
      } catch {
        this.clearTokens();
        return false;
      }
    });
  }

  /** Another tab's news: its sign-in, refresh or sign-out applies here too, without a request. */
  private receive(message: SessionMessage): void {
    if (message.type === 'signed-in') {
      if (this.state.status === 'authenticated' && this.state.user.uuid === message.user.uuid) return;
      this.setState({ status: 'authenticated', user: message.user });
      this.scheduleAutoRefresh();
    } else if (message.type === 'refreshed') {
      if (this.state.status === 'authenticated') this.scheduleAutoRefresh();
    } else if (this.state.status !== 'unauthenticated') {
      if (message.reason) this.endExpired(message.reason);
      else this.endSession();
    }
  }

  private endExpired(message: string): void {
    this.endSession(message);
    for (const listener of this.tokenExpiredListeners) listener(message);
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
