import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Session, SessionState } from './session';

interface SessionContextValue {
  session: Session;
  api: ApiClient;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Makes the session and the API client bound to it available to the tree below. */
export function SessionProvider({ session, api, children }: SessionContextValue & { children: ReactNode }) {
  return <SessionContext.Provider value={{ session, api }}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionProvider is missing above this component');
  return value;
}

/** The session object (login, logout, refresh). */
export function useSession(): Session {
  return useSessionContext().session;
}

/** The session's current state; re-renders when it changes. */
export function useSessionState(): SessionState {
  const session = useSessionContext().session;
  return useSyncExternalStore(session.subscribe, session.getState);
}

/** The API client with the session's bearer token and refresh. */
export function useApi(): ApiClient {
  return useSessionContext().api;
}
