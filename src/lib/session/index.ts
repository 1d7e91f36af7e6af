export { Session, type SessionState, type SessionOptions } from './session';
export { SessionProvider, useApi, useSession, useSessionState } from './SessionProvider';
export { createConsole, type ConsoleServices } from './create-console';
export { createBrowserSessionSync, createLocalSessionSync, type SessionSync } from './session-sync';
