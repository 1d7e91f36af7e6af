import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { RoleName } from '../src/contract';
import { DEFAULT_API_BASE } from '../src/contract';
import { AppProviders } from '../src/app/AppProviders';
import { createMemoryTokenStore } from '../src/lib/api/token-store';
import { createToastQueue } from '../src/ui/Toast';
import { createConsole, type ConsoleServices } from '../src/lib/session';
import { accessTokenFor, mockUsers, refreshTokenFor } from '../mocks/fixtures';

/** `parameters.session`: who is signed in when the story starts (absent: nobody). */
export interface StorySessionParameter {
  signedInAs?: RoleName;
}

/**
 * `parameters.toasts`: 'held' (default) keeps every toast on screen until it is closed, so a play function's check
 * and the screenshot after it never race a toast's timer; 'timed' lets toasts close after their duration, for a
 * story about that.
 */
export type StoryToastsParameter = 'held' | 'timed';

/** `parameters.router`: 'memory' (default) wraps the story in a MemoryRouter at `parameters.route`; 'none' lets the story bring its own. */
export type StoryRouterParameter = 'memory' | 'none';

function createStoryServices(session: StorySessionParameter | undefined): ConsoleServices {
  const role = session?.signedInAs;
  const store = createMemoryTokenStore(
    role
      ? { accessToken: accessTokenFor(role), refreshToken: refreshTokenFor(role), user: mockUsers[role] }
      : {},
  );
  return createConsole({ apiUrl: DEFAULT_API_BASE, store });
}

/**
 * A fresh console per story: its own session (started the way the app starts it, against the
 * msw handlers), API client, SWR cache, toast queue and router.
 */
export function StoryConsole({
  session,
  router = 'memory',
  route = '/',
  toasts = 'held',
  children,
}: {
  session?: StorySessionParameter;
  router?: StoryRouterParameter;
  route?: string;
  toasts?: StoryToastsParameter;
  children: ReactNode;
}) {
  const [toastQueue] = useState(() => createToastQueue({ held: toasts === 'held' }));
  const [services] = useState(() => {
    const created = createStoryServices(session);
    void created.session.initialize();
    return created;
  });
  useEffect(() => () => services.session.dispose(), [services]);
  const content =
    router === 'none' ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return (
    <AppProviders
      services={services}
      swr={{ provider: () => new Map(), dedupingInterval: 0 }}
      toastQueue={toastQueue}
    >
      {content}
    </AppProviders>
  );
}
