import type { SessionUser } from '../../contract/auth';

/** What one tab tells the others about the session they share (docs/adr/0008-refresh-cookie-and-sessions.md). */
export type SessionMessage =
  | { type: 'signed-in'; user: SessionUser }
  /** New tokens are in the shared cookies: the others restart their auto-refresh timers instead of refreshing too. */
  | { type: 'refreshed' }
  /** `reason` when the session ended on its own (a failed refresh, a disabled account), not by Logout. */
  | { type: 'signed-out'; reason?: string };

/** How the tabs of one browser keep one session. */
export interface SessionSync {
  publish(message: SessionMessage): void;
  subscribe(listener: (message: SessionMessage) => void): () => void;
  /** Runs `task` while no other tab runs one, so one refresh at a time rotates the shared refresh cookie. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

const CHANNEL = 'lc-session';
const REFRESH_LOCK = 'lc-session-refresh';

/** A console alone (stories, tests, a browser without BroadcastChannel): nobody to tell, nobody to wait for. */
export function createLocalSessionSync(): SessionSync {
  return {
    publish: () => undefined,
    subscribe: () => () => undefined,
    exclusive: (task) => task(),
  };
}

/** The tabs of this browser: messages over BroadcastChannel, the refresh under a Web Lock. */
export function createBrowserSessionSync(
  host: { BroadcastChannel?: typeof BroadcastChannel; navigator: Pick<Navigator, 'locks'> } = window,
): SessionSync {
  const channel = host.BroadcastChannel ? new host.BroadcastChannel(CHANNEL) : null;
  const locks = host.navigator.locks as LockManager | undefined;
  return {
    publish: (message) => channel?.postMessage(message),
    subscribe(listener) {
      if (!channel) return () => undefined;
      const onMessage = (event: MessageEvent<SessionMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    exclusive: (task) => (locks ? locks.request(REFRESH_LOCK, task) : task()),
  };
}
