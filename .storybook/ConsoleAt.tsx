import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '../src/app/routes';

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
