import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { LIST_TEXTS, SELECTION_TEXTS, USERS_BULK_TEXTS, USERS_TEXTS } from '../../contract';
import {
  directoryPage,
  pointerAway,
  rowNames,
  rowNow,
  rowOf,
  selectionBar as bar,
  toastWith,
  visible,
} from '../../../.storybook/story-helpers';
import { UsersPage } from './UsersPage';

const { recorded, meta: directory } = directoryPage('/users', {
  spy: [
    ['get', '/users'],
    ['post', '/users/bulk'],
  ],
});

// Sorting and bulk enable/disable on the users list; the page's other states are in UsersPage.stories.tsx.
const meta = {
  title: 'Users/Sorting and bulk actions',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A press on Email sorts by it (the request says so); again reverses. */
export const SortByEmail: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Olivia Owner');
    await userEvent.click(canvas.getByRole('columnheader', { name: /Email/ }));
    await waitFor(() => expect(rowNames(canvas)[0]).toBe('Adam Admin'));
    const lastList = recorded.filter((request) => request.url.pathname.endsWith('/users')).at(-1);
    await expect(lastList?.url.searchParams.get('sort')).toBe('email');
    await expect(lastList?.url.searchParams.get('order')).toBe('asc');
    await pointerAway(userEvent);
  },
};

/** Two users selected, disabled at once: one toast with the counts, the rows say Inactive. */
export const DisableSelected: Story = {
  // The toast stays until closed in stories (parameters.toasts), so the screenshot shows it every time.
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click((await rowOf(canvas, 'Nora Nguyen')).getByRole('checkbox'));
    await userEvent.click((await rowOf(canvas, 'Liam Larsen')).getByRole('checkbox'));
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(2));
    await userEvent.click(bar().getByRole('button', { name: USERS_BULK_TEXTS.actions.disable }));
    await toastWith(
      SELECTION_TEXTS.toastDone,
      SELECTION_TEXTS.outcome(USERS_BULK_TEXTS.actions.disable, 2, 0),
    );
    await expect(recorded.find((request) => request.method === 'POST')?.body).toMatchObject({
      action: 'disable',
    });
    await visible(() => rowNow(canvas, 'Nora Nguyen').getByText(LIST_TEXTS.inactive));
    await pointerAway(userEvent);
  },
};

/** One's own row in the selection: neither Enable nor Disable is allowed for all, so none is offered. */
export const SelfInSelection: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click((await rowOf(canvas, 'Olivia Owner')).getByRole('checkbox'));
    await userEvent.click((await rowOf(canvas, 'Nora Nguyen')).getByRole('checkbox'));
    await expect(
      bar().queryByRole('button', { name: USERS_BULK_TEXTS.actions.disable }),
    ).not.toBeInTheDocument();
    await visible(() => canvas.getByRole('grid', { name: USERS_TEXTS.tableLabel }));
  },
};

/** A new search clears the selection. */
export const SearchClearsSelection: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click((await rowOf(canvas, 'Nora Nguyen')).getByRole('checkbox'));
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(1));
    await userEvent.type(canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel }), 'nora');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: SELECTION_TEXTS.barLabel })).not.toBeInTheDocument(),
    );
  },
};
