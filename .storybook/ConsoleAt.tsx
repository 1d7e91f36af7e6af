import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '../src/app/routes';
import type { RoleName } from '../src/contract';

/**
 * The whole console's routes in a memory router, opened at `path` with the `history` before it.
 * Lets stories show real navigation without touching the page's address bar.
 */
export function ConsoleAt({ path, history = [] }: { path: string; history?: string[] }) {
  const [router] = useState(() =>
    createMemoryRouter(createAppRoutes(), {
      initialEntries: [...history, path],
      initialIndex: history.length,
    }),
  );
  return <RouterProvider router={router} />;
}

/**
 * What a story file's meta spreads in to show the whole console at `path` as `signedInAs` sees it (nobody signed in
 * without one): full screen, and no router around the story, since the console brings its own.
 */
export function consoleAtMeta(path: string, signedInAs?: RoleName) {
  return {
    component: ConsoleAt,
    args: { path },
    parameters: { layout: 'fullscreen', router: 'none', ...(signedInAs ? { session: { signedInAs } } : {}) },
  };
}
