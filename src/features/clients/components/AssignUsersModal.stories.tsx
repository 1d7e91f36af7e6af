import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CLIENTS_ERRORS, CLIENTS_TEXTS, CLIENTS_TOASTS } from '../../../contract';
import { mockUsers } from '#mocks/fixtures.ts';
import { clientsMocks } from '#mocks/handlers/directory.ts';
import { ClientsPage } from '../ClientsPage';
import { directoryPage, openFromRow, pointerAway, toastWith } from '#storybook/story-helpers.tsx';

const { recorded, spyOn, meta: directory } = directoryPage('/clients');

// The staff responsible for a client, chosen from the clients row's Users button as an owner does.
const meta = {
  title: 'Clients/Assign users',
  component: ClientsPage,
  ...directory,
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const openAssign = (context: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) =>
  openFromRow(context, name, CLIENTS_TEXTS.users, { name: CLIENTS_TEXTS.assignTitle(name) });

const checkboxNames = (dialog: ReturnType<typeof within>): string[] =>
  dialog.getAllByRole('checkbox').map((box: HTMLElement) => (box.closest('label')?.textContent ?? '').trim());

export const AssignUsersModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAssign(context, 'Acme Studios');
    const group = within(await dialog.findByRole('group', { name: CLIENTS_TEXTS.assignListLabel }));
    // Active users only: Omar Okafor and Ines Ibarra are disabled.
    await expect(group.getAllByRole('checkbox')).toHaveLength(11);
    await expect(checkboxNames(dialog).some((name) => name.includes('Omar Okafor'))).toBe(false);
    await expect(group.getByRole('checkbox', { name: /Adam Admin/ })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: /Edith Editor/ })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: /Nora Nguyen/ })).not.toBeChecked();
    const selected = within(dialog.getByRole('list', { name: `${CLIENTS_TEXTS.selectedUsers} (2)` }));
    await expect(
      selected.getAllByRole('listitem').map((item: HTMLElement) => item.firstChild?.textContent),
    ).toEqual(['Adam Admin', 'Edith Editor']);
    await pointerAway(context.userEvent);
  },
};

export const AssignUsers: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/clients/:id/users'), spyOn('get', '/users')),
  play: async (context) => {
    const dialog = await openAssign(context, 'Acme Studios');
    // The picker asks for active users, up to 100 (docs/requirements.md#clients-screen and #constants).
    await waitFor(() =>
      expect(recorded.find((call) => call.url.pathname.endsWith('/users'))?.url.search).toBe(
        '?status=active&page=1&limit=100',
      ),
    );
    await context.userEvent.click(await dialog.findByRole('checkbox', { name: /Nora Nguyen/ }));
    await context.userEvent.click(
      dialog.getByRole('button', { name: CLIENTS_TEXTS.removeLabel('Adam Admin') }),
    );
    await expect(dialog.getByRole('checkbox', { name: /Adam Admin/ })).not.toBeChecked();
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.assignSubmit }));
    await toastWith(
      CLIENTS_TOASTS.usersAssigned.title,
      CLIENTS_TOASTS.usersAssigned.description('Acme Studios'),
    );
    const put = recorded.find((call) => call.method === 'PUT');
    await expect(put?.body).toEqual({
      userUuids: [mockUsers.editor.uuid, '20000000-0000-4000-8000-000000000001'],
    });
    // Saved: opening it again shows the new assignment.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openAssign(context, 'Acme Studios');
    await expect(
      await again.findByRole('list', { name: `${CLIENTS_TEXTS.selectedUsers} (2)` }),
    ).toHaveTextContent('Nora Nguyen');
  },
};

export const AssignUsersSearch: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAssign(context, 'Acme Studios');
    await dialog.findByRole('group', { name: CLIENTS_TEXTS.assignListLabel });
    await context.userEvent.type(
      dialog.getByRole('searchbox', { name: CLIENTS_TEXTS.assignSearchLabel }),
      'grace',
    );
    await waitFor(() => expect(dialog.getAllByRole('checkbox')).toHaveLength(1));
    await context.userEvent.click(dialog.getByRole('checkbox', { name: /Grace Green/ }));
    // Users chosen before the search stay chosen though the search hides them.
    await expect(dialog.getByRole('list', { name: `${CLIENTS_TEXTS.selectedUsers} (3)` })).toHaveTextContent(
      'Adam AdminRemoveEdith EditorRemoveGrace GreenRemove',
    );
    await pointerAway(context.userEvent);
  },
};

export const AssignUsersFailed: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.assignFailsWithoutMessage()),
  play: async (context) => {
    const dialog = await openAssign(context, 'Acme Studios');
    await dialog.findByRole('group', { name: CLIENTS_TEXTS.assignListLabel });
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.assignSubmit }));
    await toastWith(CLIENTS_TOASTS.saveFailed.title, CLIENTS_TOASTS.saveFailed.description);
  },
};

export const AssignUsersLoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.clientUsersFailWithoutMessage()),
  play: async (context) => {
    const dialog = await openAssign(context, 'Acme Studios');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(CLIENTS_ERRORS.fetchClientUsers);
  },
};
