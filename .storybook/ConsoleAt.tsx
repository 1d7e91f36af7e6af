import { useState } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
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
 * Loads the code of the pages `path` opens, as the router would on its first render. In a story that code comes through
 * Vite's dev server, module by module: the first story of a file that opens a page no earlier story opened waited up
 * to 22 s for it on a busy machine, past the 20 s a play function waits for text to appear. Loaded here, that time
 * counts against the test's own bound instead, and the play function waits only for the page.
 */
async function loadPages(path: string) {
  const matches = matchRoutes(createAppRoutes(), path) ?? [];
  await Promise.all(
    matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
  );
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
    loaders: [({ args }: { args: { path?: string } }) => loadPages(args.path ?? path)],
  };
}
