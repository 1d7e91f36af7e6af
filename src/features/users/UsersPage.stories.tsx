import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { LIST_TEXTS, PAGE_TITLES, USERS_ERRORS, USERS_TEXTS } from '../../contract';
import { createDirectoryData } from '../../../mocks/fixtures/users-clients';
import { directoryHandlers, usersMocks } from '../../../mocks/handlers/directory';
import { UsersPage } from './UsersPage';
import {
  address,
  buttonsOf,
  directoryPage,
  expectListPage,
  listOnThePhone,
  pageLoading,
  rowOf,
  visible,
  withLocation,
} from '../../../.storybook/story-helpers';

const { recorded, spyOn, meta: directory } = directoryPage('/users');

// The users page; the stories of each dialog and row action are beside it in components/.
const meta = {
  title: 'Users/Users page',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expectListPage(
      canvas,
      PAGE_TITLES.users,
      {
        label: USERS_TEXTS.tableLabel,
        headers: ['', 'Name', 'Email', 'Role', 'Status', 'Last Login', 'Actions'],
      },
      [USERS_TEXTS.addUser],
    );
    await visible(() => canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel }));
    const admin = await rowOf(canvas, 'Adam Admin');
    await visible(() => admin.getByText('admin@example.test'));
    await visible(() => admin.getByText('ADMIN'));
    await visible(() => admin.getByText('Active'));
    await visible(() => admin.getByText('Jan 14, 2025, 12:00 PM UTC'));
    await expect(buttonsOf(admin)).toEqual(['Edit', 'Disable', 'Clients', 'Sign out everywhere', 'Delete']);
    const neverSignedIn = await rowOf(canvas, 'Liam Larsen');
    await visible(() => neverSignedIn.getByText(LIST_TEXTS.never));
    const disabled = await rowOf(canvas, 'Omar Okafor');
    await visible(() => disabled.getByText('Inactive'));
    // A disabled user's sessions ended with the disabling: nothing to sign out.
    await expect(buttonsOf(disabled)).toEqual(['Edit', 'Enable', 'Clients', 'Delete']);
    // Nobody sees Disable, Sign out everywhere or Delete on themselves.
    await expect(buttonsOf(await rowOf(canvas, 'Olivia Owner'))).toEqual(['Edit', 'Clients']);
    await visible(() => canvas.getByText('Showing 1 to 10 of 13 users'));
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const Loading: Story = { ...pageLoading('/users', USERS_TEXTS.loading), tags: ['visual'] };

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...directoryHandlers(createDirectoryData({ users: [] }))),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(USERS_TEXTS.empty));
    await expect(canvas.queryByText(/^Showing/)).not.toBeInTheDocument();
  },
};

export const ErrorBannerWithFallbackText: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(USERS_ERRORS.fetchUsers);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

export const ErrorBannerWithServerMessage: Story = {
  beforeEach: ({ msw }) => msw.use(usersMocks.listFailsWith('Internal server error')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error');
  },
};

export const AdminView: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas }) => {
    // An admin sees no action on an owner, and neither Disable, Sign out everywhere nor Delete on themselves.
    await expect(buttonsOf(await rowOf(canvas, 'Olivia Owner'))).toEqual([]);
    await expect(buttonsOf(await rowOf(canvas, 'Adam Admin'))).toEqual(['Edit', 'Clients']);
    await expect(buttonsOf(await rowOf(canvas, 'Edith Editor'))).toEqual([
      'Edit',
      'Disable',
      'Clients',
      'Sign out everywhere',
      'Delete',
    ]);
    // Priya has two-factor codes on: an admin may reset them.
    await expect(buttonsOf(await rowOf(canvas, 'Priya Patel'))).toEqual([
      'Edit',
      'Disable',
      'Clients',
      'Sign out everywhere',
      'Reset two-factor',
      'Delete',
    ]);
  },
};

export const Phone: Story = {
  ...listOnThePhone('Adam Admin', 'Showing 1 to 10 of 13 users'),
  tags: ['visual'],
};

export const SearchIsDebouncedAndInTheUrl: Story = {
  decorators: withLocation,
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/users')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Adam Admin');
    recorded.length = 0;
    await userEvent.type(canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel }), 'nora');
    await waitFor(() => expect(canvas.queryByRole('row', { name: /Adam Admin/ })).not.toBeInTheDocument());
    await expect(await rowOf(canvas, 'Nora Nguyen')).toBeTruthy();
    // One call for the whole word, not one per keystroke.
    await expect(recorded.map((call) => call.url.searchParams.get('search'))).toEqual(['nora']);
    await expect(address(canvas)).toHaveTextContent('/users?search=nora');
  },
};

export const SearchWithNoMatch: Story = {
  tags: ['visual'],
  parameters: { route: '/users?search=zzz' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(USERS_TEXTS.emptyFiltered));
    await expect(canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel })).toHaveValue('zzz');
  },
};

export const Paging: Story = {
  decorators: withLocation,
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Adam Admin');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await visible(() => canvas.getByText('Showing 11 to 13 of 13 users'));
    await rowOf(canvas, 'Olga Owens');
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(address(canvas)).toHaveTextContent('/users?page=2');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await visible(() => canvas.getByText('Showing 1 to 10 of 13 users'));
    await expect(address(canvas)).toHaveTextContent(/^\/users$/);
  },
};

export const OpensOnThePageInTheUrl: Story = {
  parameters: { route: '/users?page=2' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('Showing 11 to 13 of 13 users'));
  },
};
