import { createApiClient, type ApiClient } from '../api/api-client';
import { createAuthApi } from '../api/auth-api';
import type { TokenStore } from '../api/token-store';
import { Session } from './session';
import type { SessionSync } from './session-sync';

export interface ConsoleServices {
  session: Session;
  api: ApiClient;
}

/** Wires a session and the API client that uses it, on one base URL. */
export function createConsole({
  apiUrl,
  store,
  sync,
  fetch: fetchFn,
}: {
  apiUrl: string;
  store: TokenStore;
  /** The browser's other tabs (default: none). */
  sync?: SessionSync;
  fetch?: typeof fetch;
}): ConsoleServices {
  const session = new Session({ store, sync, authApi: createAuthApi({ baseUrl: apiUrl, fetch: fetchFn }) });
  const api = createApiClient({ baseUrl: apiUrl, auth: session, fetch: fetchFn });
  return { session, api };
}
