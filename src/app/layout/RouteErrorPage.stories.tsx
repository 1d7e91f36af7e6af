import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onThePhone, visible } from '../../../.storybook/story-helpers';
import { PAGE_ERROR_TEXTS } from '../../contract';
import { RouteErrorPage } from './RouteErrorPage';

/** A route whose page's code does not load, as after a deploy replaced the files a tab still asks for. */
function PageCodeFailsToLoad() {
  const [router] = useState(() =>
    createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        HydrateFallback: () => null,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'App/Page Error',
  component: PageCodeFailsToLoad,
  // The story brings its own router: a route's error element needs a data router.
  parameters: { router: 'none' },
} satisfies Meta<typeof PageCodeFailsToLoad>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PageCodeDidNotLoad: Story = {
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_ERROR_TEXTS.title }));
    await visible(() => canvas.getByText(PAGE_ERROR_TEXTS.message));
    await visible(() => canvas.getByRole('button', { name: PAGE_ERROR_TEXTS.reload }));
  },
};

/** The notice at a phone's width fits it: nothing pokes out, so the page never scrolls sideways. */
export const PageCodeDidNotLoadOnAPhone: Story = onThePhone({ play: PageCodeDidNotLoad.play });
