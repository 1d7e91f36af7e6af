import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense, use, useState, useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, waitFor } from 'storybook/test';
import { visible } from '../../../.storybook/story-helpers';
import { Button } from '../../ui';
import { useListUrlState } from './use-list-url-state';

/** A promise the story settles by hand: the list's next drawing waits on it. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Holds the drawing of a descending list until the gate opens, as a slow render on a phone would hold it. */
function HeldWhileDescending({ order, opened }: { order: string | undefined; opened: Promise<void> }) {
  if (order === 'desc') use(opened);
  return null;
}

/** A list's URL state: a sort, a page size, and what the address holds. */
function ListControls({ opened }: { opened: Promise<void> }) {
  const { sort, order, limit, update } = useListUrlState(['name']);
  return (
    <>
      <Button onPress={() => update({ sort: 'name', order: 'desc' })}>Sort by name, descending</Button>
      <Button onPress={() => update({ limit: 25 })}>25 a page</Button>
      <p>
        Drawn: <output aria-label="Drawn">{[sort, order, limit].join(' ')}</output>
      </p>
      <Suspense fallback={null}>
        <HeldWhileDescending order={order} opened={opened} />
      </Suspense>
    </>
  );
}

/**
 * The list's URL state in a data router of its own (the console's routers are data routers), whose drawing of a
 * descending order waits until `Open the gate` is pressed.
 */
function ListUrlHarness() {
  // One state for both, so the router's page waits on the very gate the button opens.
  const [{ router, open }] = useState(() => {
    const { opened, open } = gate();
    const router = createMemoryRouter([{ path: '/list', element: <ListControls opened={opened} /> }], {
      initialEntries: ['/list'],
    });
    return { router, open };
  });
  // The address as the router holds it, drawn at once (the router draws its own pages in a transition).
  const address = useSyncExternalStore(
    (onChange) => router.subscribe(onChange),
    () => router.state.location.search,
  );
  return (
    <>
      <RouterProvider router={router} />
      <Button variant="secondary" onPress={() => open()}>
        Open the gate
      </Button>
      <p>
        Address: <output aria-label="Address">{address}</output>
      </p>
    </>
  );
}

const meta = {
  title: 'App/List URL state',
  component: ListUrlHarness,
  parameters: { router: 'none' },
} satisfies Meta<typeof ListUrlHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A sort, then a page size picked while the sorted list is still being drawn: the page size is added to the sorted
 * address instead of undoing the sort (lists.e2e.ts met this on a slow machine: the list came back ascending).
 */
export const SecondChangeWhileTheFirstIsDrawn: Story = {
  // The buttons are clicked as a browser clicks them, outside React's act(): a drawing that waited inside an act()
  // scope that has ended is never tried again, so the gate would open on nothing.
  play: async ({ canvas }) => {
    const press = (name: string) => canvas.getByRole('button', { name }).click();
    const address = canvas.getByRole('status', { name: 'Address' });
    const drawn = canvas.getByRole('status', { name: 'Drawn' });
    press('Sort by name, descending');
    // The address has the sort; the page still draws the list as it was.
    await waitFor(() => expect(address).toHaveTextContent('?sort=name&order=desc'));
    await expect(drawn).toHaveTextContent(/^\s*$/);
    press('25 a page');
    await waitFor(() => expect(address).toHaveTextContent('?sort=name&order=desc&limit=25'));
    press('Open the gate');
    await visible(() => canvas.getByText('name desc 25'));
  },
};
