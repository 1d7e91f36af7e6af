import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CLIENT_MESSAGES,
  CLIENTS_ERRORS,
  CLIENTS_TEXTS,
  CLIENTS_TOASTS,
  LIST_TEXTS,
  PAGE_TITLES,
} from '../../contract';
import { mockUsers } from '../../../mocks/fixtures';
import { createDirectoryData } from '../../../mocks/fixtures/users-clients';
import { clientsMocks, directoryHandlers } from '../../../mocks/handlers/directory';
import { ClientsPage } from './ClientsPage';
import {
  address,
  buttonsOf,
  createRequestSpy,
  freshDirectory,
  PhoneFrame,
  pointerAway,
  rowNames,
  rowOf,
  toastWith,
  withLocation,
} from '../../../.storybook/story-helpers';

const { recorded, spyOn } = createRequestSpy();

const meta = {
  title: 'Clients/Clients page',
  component: ClientsPage,
  parameters: { session: { signedInAs: 'owner' }, route: '/clients' },
  beforeEach: freshDirectory(recorded),
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: PAGE_TITLES.clients })).toBeVisible();
    await expect(canvas.getByRole('button', { name: CLIENTS_TEXTS.addClient })).toBeVisible();
    await expect(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: CLIENTS_TEXTS.tableLabel });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Company Name',
      'Contact Email',
      'Contact Phone',
      'Status',
      'Certificates',
      'Created',
      'Actions',
    ]);
    const acme = await rowOf(canvas, 'Acme Studios');
    await expect(acme.getByRole('link', { name: 'Acme Studios' })).toHaveAttribute(
      'href',
      '/certificates?clientId=30000000-0000-4000-8000-000000000001',
    );
    await expect(acme.getByText('licensing@acme.test')).toBeVisible();
    await expect(acme.getByText('+1 555 0100')).toBeVisible();
    await expect(acme.getByText('Active')).toBeVisible();
    await expect(acme.getByText('12 total')).toBeVisible();
    await expect(acme.getByText('9 active')).toBeVisible();
    await expect(acme.getByText('Sep 17, 2024')).toBeVisible();
    await expect(buttonsOf(acme)).toEqual(['Edit', 'Users', 'Delete']);
    const cobalt = await rowOf(canvas, 'Cobalt Post');
    await expect(cobalt.getByText(LIST_TEXTS.notProvided)).toBeVisible();
    const fjord = await rowOf(canvas, 'Fjord Pictures');
    await expect(fjord.getAllByText(LIST_TEXTS.notProvided)).toHaveLength(2);
    await expect((await rowOf(canvas, 'Dune Animation')).getByText('Inactive')).toBeVisible();
    await expect(canvas.getByText('Showing 1 to 10 of 12 clients')).toBeVisible();
  },
};

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(clientsMocks.listNeverAnswers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(CLIENTS_TEXTS.loading);
  },
};

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...directoryHandlers(createDirectoryData({ clients: [] }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CLIENTS_TEXTS.empty)).toBeVisible();
  },
};

export const ErrorBannerAndLoadFailedToast: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CLIENTS_ERRORS.fetchClients);
    await toastWith(CLIENTS_TOASTS.loadFailed.title, CLIENTS_TOASTS.loadFailed.description);
  },
};

/** The banner once the Load Failed toast has gone (the toast appears at load, when a screenshot of it is not steady). */
export const ErrorBanner: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CLIENTS_ERRORS.fetchClients);
    await waitFor(() => expect(screen.queryByText(CLIENTS_TOASTS.loadFailed.title)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  },
};

export const ErrorBannerWithServerMessage: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWith('Internal server error')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error');
  },
};

export const AdminView: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas }) => {
    await expect(buttonsOf(await rowOf(canvas, 'Acme Studios'))).toEqual(['Edit', 'Users', 'Delete']);
    await expect(canvas.getByRole('button', { name: CLIENTS_TEXTS.addClient })).toBeVisible();
  },
};

export const EditorView: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    // Editors create and edit; deleting and assigning users are for owners and admins.
    await expect(buttonsOf(await rowOf(canvas, 'Acme Studios'))).toEqual(['Edit']);
    await expect(canvas.getByRole('button', { name: CLIENTS_TEXTS.addClient })).toBeVisible();
  },
};

export const ViewerView: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    const acme = await rowOf(canvas, 'Acme Studios');
    await expect(buttonsOf(acme)).toEqual([]);
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CLIENTS_TEXTS.addClient })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv })).toBeVisible();
    await expect(acme.getByRole('link', { name: 'Acme Studios' })).toBeVisible();
  },
};

export const Phone: Story = {
  tags: ['visual'],
  decorators: [(Story) => <PhoneFrame>{<Story />}</PhoneFrame>],
  play: async ({ canvas, canvasElement }) => {
    await rowOf(canvas, 'Acme Studios');
    const frame = canvasElement.querySelector('div[style*="390px"]') as HTMLElement;
    // Nothing pokes out of the phone's width: wide content scrolls inside the table's own container.
    await expect(frame.scrollWidth).toBeLessThanOrEqual(390);
    await expect(canvas.getByText('Showing 1 to 10 of 12 clients')).toBeVisible();
  },
};

export const Search: Story = {
  decorators: withLocation,
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    recorded.length = 0;
    await userEvent.type(canvas.getByRole('searchbox', { name: CLIENTS_TEXTS.searchLabel }), 'granite');
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Granite VFX']));
    await expect(recorded.map((call) => call.url.searchParams.get('search'))).toEqual(['granite']);
    await expect(address(canvas)).toHaveTextContent('/clients?search=granite');
  },
};

export const StatusFilter: Story = {
  decorators: withLocation,
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    recorded.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    // The filter goes to the server (`status`), not just the screen.
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Dune Animation', 'Helix Games']));
    await expect(recorded.at(-1)?.url.searchParams.get('status')).toBe('inactive');
    await expect(address(canvas)).toHaveTextContent('/clients?status=inactive');
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: CLIENTS_TEXTS.statusAll }));
    await waitFor(() => expect(rowNames(canvas)).toHaveLength(10));
    await expect(recorded.at(-1)?.url.searchParams.has('status')).toBe(false);
    await expect(address(canvas)).toHaveTextContent(/^\/clients$/);
  },
};

export const FiltersFromTheUrl: Story = {
  tags: ['visual'],
  parameters: { route: '/clients?status=active&search=a' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(rowNames(canvas)).not.toContain('Dune Animation'));
    await expect(canvas.getByRole('searchbox', { name: CLIENTS_TEXTS.searchLabel })).toHaveValue('a');
    await expect(canvas.getByRole('button', { name: /Status/ })).toHaveTextContent('Active');
  },
};

export const NoMatch: Story = {
  parameters: { route: '/clients?search=zzz' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CLIENTS_TEXTS.emptyFiltered)).toBeVisible();
  },
};

export const Paging: Story = {
  decorators: withLocation,
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Showing 11 to 12 of 12 clients')).toBeVisible();
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Kite Editorial', 'Lumen Labs']));
    await expect(address(canvas)).toHaveTextContent('/clients?page=2');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(await canvas.findByText('Showing 1 to 10 of 12 clients')).toBeVisible();
  },
};

const openAddClient = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) => {
  await userEvent.click(await canvas.findByRole('button', { name: CLIENTS_TEXTS.addClient }));
  return within(await screen.findByRole('dialog', { name: CLIENTS_TEXTS.addTitle }));
};

export const AddClientModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddClient(context);
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveFocus();
    for (const label of [
      CLIENTS_TEXTS.descriptionLabel,
      CLIENTS_TEXTS.contactEmailLabel,
      CLIENTS_TEXTS.contactPhoneLabel,
      CLIENTS_TEXTS.addressLabel,
    ]) {
      await expect(dialog.getByRole('textbox', { name: label })).toHaveValue('');
    }
    // The Active checkbox is for editing only.
    await expect(dialog.queryByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel })).not.toBeInTheDocument();
    await pointerAway(context.userEvent);
  },
};

export const AddClientValidationErrors: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddClient(context);
    await context.userEvent.type(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel }),
      'no-at-sign',
    );
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Company name is required',
    );
    await expect(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel }),
    ).toHaveAccessibleDescription('Please enter a valid email address');
    await pointerAway(context.userEvent);
  },
};

export const CreateClient: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('post', '/clients')),
  play: async (context) => {
    const dialog = await openAddClient(context);
    await context.userEvent.type(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }),
      'Aardvark Audio',
    );
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
    await toastWith(CLIENTS_TOASTS.created.title, 'Aardvark Audio has been created.');
    // Empty optional strings are sent as empty strings (docs/requirements.md#validation).
    await expect(recorded[0]?.body).toEqual({
      name: 'Aardvark Audio',
      description: '',
      contactEmail: '',
      contactPhone: '',
      address: '',
    });
    const row = await rowOf(context.canvas, 'Aardvark Audio');
    await expect(row.getAllByText(LIST_TEXTS.notProvided)).toHaveLength(2);
  },
};

export const CreateRefusedByServer: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddClient(context);
    await context.userEvent.type(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }),
      'acme studios',
    );
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
    await toastWith(CLIENTS_TOASTS.saveFailed.title, CLIENT_MESSAGES.nameTaken);
    await expect(dialog.getByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.nameTaken);
    await pointerAway(context.userEvent);
  },
};

export const SaveFailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.createFailsWithoutMessage()),
  play: async (context) => {
    const dialog = await openAddClient(context);
    await context.userEvent.type(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }),
      'Aardvark Audio',
    );
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
    await toastWith(CLIENTS_TOASTS.saveFailed.title, CLIENTS_TOASTS.saveFailed.description);
  },
};

const openEdit = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: CLIENTS_TEXTS.edit }));
  return within(await screen.findByRole('dialog', { name: CLIENTS_TEXTS.editTitle }));
};

export const EditClientModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveValue('Acme Studios');
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel })).toHaveValue(
      'licensing@acme.test',
    );
    await expect(dialog.getByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel })).toBeChecked();
    await pointerAway(context.userEvent);
  },
};

export const EditClient: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/clients/:id')),
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    const phone = dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactPhoneLabel });
    await context.userEvent.clear(phone);
    await context.userEvent.click(dialog.getByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel }));
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.updateSubmit }));
    await toastWith(CLIENTS_TOASTS.updated.title, 'Acme Studios has been updated.');
    await expect(recorded[0]?.body).toEqual({
      name: 'Acme Studios',
      description: 'Acme Studios post-production licences.',
      contactEmail: 'licensing@acme.test',
      contactPhone: '',
      address: '1 Studio Road',
      isActive: false,
    });
    const row = await rowOf(context.canvas, 'Acme Studios');
    await waitFor(() => expect(row.getByText('Inactive')).toBeVisible());
    await expect(row.getByText(LIST_TEXTS.notProvided)).toBeVisible();
  },
};

export const EditClientValidationErrors: Story = {
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    await context.userEvent.clear(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }));
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.updateSubmit }));
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Company name is required',
    );
  },
};

const openDelete = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: CLIENTS_TEXTS.delete }));
  return within(await screen.findByRole('alertdialog', { name: CLIENTS_TEXTS.deleteTitle }));
};

export const DeleteConfirmation: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Cobalt Post');
    await expect(dialog.getByText(CLIENTS_TEXTS.deleteConfirm)).toBeVisible();
    await pointerAway(context.userEvent);
  },
};

export const DeleteClient: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Cobalt Post');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(CLIENTS_TOASTS.deleted.title, 'Cobalt Post has been deleted.');
    await waitFor(() => expect(rowNames(context.canvas)).not.toContain('Cobalt Post'));
    await expect(await context.canvas.findByText('Showing 1 to 10 of 11 clients')).toBeVisible();
    await pointerAway(context.userEvent);
  },
};

export const DeleteRefusedWithLiveCertificates: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Acme Studios');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    // The server's 409 says why.
    await toastWith(CLIENTS_TOASTS.deleteFailed.title, CLIENT_MESSAGES.hasLiveCertificates);
    await expect(await rowOf(context.canvas, 'Acme Studios')).toBeTruthy();
    await pointerAway(context.userEvent);
  },
};

export const DeleteFailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.deleteFailsWithoutMessage()),
  play: async (context) => {
    const dialog = await openDelete(context, 'Cobalt Post');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(CLIENTS_TOASTS.deleteFailed.title, CLIENTS_TOASTS.deleteFailed.description);
  },
};

const openAssign = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: CLIENTS_TEXTS.users }));
  return within(await screen.findByRole('dialog', { name: CLIENTS_TEXTS.assignTitle(name) }));
};

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

export const ExportCsvWithTheFilters: Story = {
  parameters: { route: '/clients?status=inactive&search=dune' },
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients/export')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Dune Animation');
    await userEvent.click(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    await expect(recorded[0]?.url.search).toBe('?search=dune&status=inactive');
    await expect(await canvas.findByRole('button', { name: CLIENTS_TEXTS.exportCsv })).toBeEnabled();
    await expect(screen.queryByText(CLIENTS_TOASTS.exportFailed.title)).not.toBeInTheDocument();
  },
};

export const ExportFailed: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.exportFailsWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    await userEvent.click(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv }));
    await toastWith(CLIENTS_TOASTS.exportFailed.title, CLIENTS_TOASTS.exportFailed.description);
  },
};
