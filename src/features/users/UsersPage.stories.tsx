import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  DEFAULT_API_BASE,
  LIST_TEXTS,
  PAGE_TITLES,
  USER_MESSAGES,
  USERS_ERRORS,
  USERS_TEXTS,
  USERS_TOASTS,
} from '../../contract';
import { createDirectoryData } from '../../../mocks/fixtures/users-clients';
import { directoryHandlers, usersMocks } from '../../../mocks/handlers/directory';
import { UsersPage } from './UsersPage';
import {
  address,
  buttonsOf,
  createRequestSpy,
  freshDirectory,
  PhoneFrame,
  pointerAway,
  rowOf,
  toastWith,
  withLocation,
} from '../../../.storybook/story-helpers';

const { recorded, spyOn } = createRequestSpy();

const meta = {
  title: 'Users/Users page',
  component: UsersPage,
  parameters: { session: { signedInAs: 'owner' }, route: '/users' },
  beforeEach: freshDirectory(recorded),
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: PAGE_TITLES.users })).toBeVisible();
    await expect(canvas.getByRole('button', { name: USERS_TEXTS.addUser })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: USERS_TEXTS.tableLabel });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Last Login', 'Actions']);
    const admin = await rowOf(canvas, 'Adam Admin');
    await expect(admin.getByText('admin@example.test')).toBeVisible();
    await expect(admin.getByText('ADMIN')).toBeVisible();
    await expect(admin.getByText('Active')).toBeVisible();
    await expect(admin.getByText('Jan 14, 2025, 12:00 PM')).toBeVisible();
    await expect(buttonsOf(admin)).toEqual(['Edit', 'Disable', 'Clients', 'Sign out everywhere', 'Delete']);
    const neverSignedIn = await rowOf(canvas, 'Liam Larsen');
    await expect(neverSignedIn.getByText(LIST_TEXTS.never)).toBeVisible();
    const disabled = await rowOf(canvas, 'Omar Okafor');
    await expect(disabled.getByText('Inactive')).toBeVisible();
    // A disabled user's sessions ended with the disabling: nothing to sign out.
    await expect(buttonsOf(disabled)).toEqual(['Edit', 'Enable', 'Clients', 'Delete']);
    // Nobody sees Disable, Sign out everywhere or Delete on themselves.
    await expect(buttonsOf(await rowOf(canvas, 'Olivia Owner'))).toEqual(['Edit', 'Clients']);
    await expect(canvas.getByText('Showing 1 to 10 of 13 users')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.listNeverAnswers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(USERS_TEXTS.loading);
  },
};

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...directoryHandlers(createDirectoryData({ users: [] }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(USERS_TEXTS.empty)).toBeVisible();
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
    await expect(buttonsOf(await rowOf(canvas, 'Priya Patel'))).toEqual([
      'Edit',
      'Disable',
      'Clients',
      'Sign out everywhere',
      'Delete',
    ]);
  },
};

export const Phone: Story = {
  tags: ['visual'],
  decorators: [(Story) => <PhoneFrame>{<Story />}</PhoneFrame>],
  play: async ({ canvas, canvasElement }) => {
    await rowOf(canvas, 'Adam Admin');
    const frame = canvasElement.querySelector('div[style*="390px"]') as HTMLElement;
    // Nothing pokes out of the phone's width: wide content scrolls inside the table's own container.
    await expect(frame.scrollWidth).toBeLessThanOrEqual(390);
    await expect(canvas.getByText('Showing 1 to 10 of 13 users')).toBeVisible();
  },
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
    await expect(await canvas.findByText(USERS_TEXTS.emptyFiltered)).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: USERS_TEXTS.searchLabel })).toHaveValue('zzz');
  },
};

export const Paging: Story = {
  decorators: withLocation,
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Adam Admin');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Showing 11 to 13 of 13 users')).toBeVisible();
    await rowOf(canvas, 'Olga Owens');
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(address(canvas)).toHaveTextContent('/users?page=2');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(await canvas.findByText('Showing 1 to 10 of 13 users')).toBeVisible();
    await expect(address(canvas)).toHaveTextContent(/^\/users$/);
  },
};

export const OpensOnThePageInTheUrl: Story = {
  parameters: { route: '/users?page=2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Showing 11 to 13 of 13 users')).toBeVisible();
  },
};

const openAddUser = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) => {
  await userEvent.click(await canvas.findByRole('button', { name: USERS_TEXTS.addUser }));
  const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.addTitle }));
  // The role picker opens once the roles have loaded.
  await waitFor(() => expect(dialog.getByRole('button', { name: /Role/ })).toBeEnabled());
  return dialog;
};

export const AddUserModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddUser(context);
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel })).toHaveFocus();
    await expect(dialog.getByLabelText(USERS_TEXTS.passwordLabel)).toBeRequired();
    await expect(dialog.getByRole('button', { name: /Role/ })).toHaveTextContent(USERS_TEXTS.rolePlaceholder);
  },
};

export const RolePickerLeavesOutOwner: Story = {
  play: async (context) => {
    const dialog = await openAddUser(context);
    await context.userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    const listbox = within(await screen.findByRole('listbox'));
    // The owner role is never offered (docs/requirements.md#entities).
    await expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'ADMIN',
      'EDITOR',
      'VIEWER',
    ]);
    await context.userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const AddUserValidationErrors: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddUser(context);
    await context.userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.createSubmit }));
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Name is required',
    );
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel })).toHaveAccessibleDescription(
      'Email is required',
    );
    await expect(dialog.getByLabelText(USERS_TEXTS.passwordLabel)).toHaveAccessibleDescription(
      'Password is required',
    );
    await expect(dialog.getByText('Role is required')).toBeVisible();
    await pointerAway(context.userEvent);
  },
};

export const CreateUser: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('post', '/users')),
  play: async (context) => {
    const { canvas, userEvent } = context;
    const dialog = await openAddUser(context);
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }), 'Zoe Zimmer');
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel }), 'zoe@example.test');
    await userEvent.type(dialog.getByLabelText(USERS_TEXTS.passwordLabel), 'a-long-password');
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'EDITOR' }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.createSubmit }));
    await toastWith(USERS_TOASTS.created.title, 'Zoe Zimmer has been created.');
    await expect(recorded[0]?.body).toEqual({
      name: 'Zoe Zimmer',
      email: 'zoe@example.test',
      password: 'a-long-password',
      roleId: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list was reloaded: the new user is there.
    const row = await rowOf(canvas, 'Zoe Zimmer');
    await expect(row.getByText('EDITOR')).toBeVisible();
    await expect(row.getByText(LIST_TEXTS.never)).toBeVisible();
  },
};

export const CreateRefusedByServer: Story = {
  tags: ['visual'],
  play: async (context) => {
    const { userEvent } = context;
    const dialog = await openAddUser(context);
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }), 'Second Nora');
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel }), 'nora@example.test');
    await userEvent.type(dialog.getByLabelText(USERS_TEXTS.passwordLabel), 'a-long-password');
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'VIEWER' }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.createSubmit }));
    // The server's 409 message, in the toast and in the still-open form.
    await toastWith(USERS_TOASTS.saveFailed.title, USER_MESSAGES.emailTaken);
    await expect(dialog.getByRole('alert')).toHaveTextContent(USER_MESSAGES.emailTaken);
    await pointerAway(context.userEvent);
  },
};

export const ServerFieldErrorsOnTheForm: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post(`${DEFAULT_API_BASE}/users`, () =>
        HttpResponse.json(
          {
            message: 'Please enter a valid email address',
            code: 'VALIDATION_FAILED',
            errors: { email: 'Please enter a valid email address' },
          },
          { status: 400 },
        ),
      ),
    ),
  play: async (context) => {
    const { userEvent } = context;
    const dialog = await openAddUser(context);
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }), 'Zoe');
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel }), 'zoe@example.test');
    await userEvent.type(dialog.getByLabelText(USERS_TEXTS.passwordLabel), 'a-long-password');
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'VIEWER' }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.createSubmit }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel })).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
  },
};

export const SaveFailedWithoutMessage: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.updateFailsWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.editTitle }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.updateSubmit }));
    await toastWith(USERS_TOASTS.saveFailed.title, USERS_TOASTS.saveFailed.description);
    await pointerAway(userEvent);
  },
};

export const RolesFailToLoad: Story = {
  beforeEach: ({ msw }) => msw.use(usersMocks.rolesFailWithoutMessage()),
  play: async (context) => {
    const dialog = await openAddUser(context);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(USERS_ERRORS.fetchRoles);
  },
};

export const EditUserModal: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.editTitle }));
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel })).toHaveValue('Nora Nguyen');
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel })).toHaveValue(
      'nora@example.test',
    );
    const password = dialog.getByLabelText(USERS_TEXTS.passwordLabel);
    await expect(password).toHaveValue('');
    await expect(password).not.toBeRequired();
    await expect(password).toHaveAccessibleDescription(USERS_TEXTS.passwordEditHint);
    await waitFor(() => expect(dialog.getByRole('button', { name: /Role/ })).toHaveTextContent('EDITOR'));
    await pointerAway(userEvent);
  },
};

export const EditUserValidationErrors: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.editTitle }));
    await userEvent.clear(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }));
    await userEvent.clear(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.updateSubmit }));
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Name is required',
    );
    await expect(dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel })).toHaveAccessibleDescription(
      'Email is required',
    );
    // Editing a field clears its error.
    await userEvent.type(dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }), 'N');
    await expect(
      dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel }),
    ).not.toHaveAccessibleDescription('Name is required');
  },
};

export const EditUser: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.editTitle }));
    const name = dialog.getByRole('textbox', { name: USERS_TEXTS.nameLabel });
    await userEvent.clear(name);
    await userEvent.type(name, 'Nora Nguyen-Smith');
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'ADMIN' }));
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.updateSubmit }));
    await toastWith(USERS_TOASTS.updated.title, 'Nora Nguyen-Smith has been updated.');
    // An empty password is left out and isActive is not sent from the form (docs/requirements.md#validation).
    await expect(recorded[0]?.body).toEqual({
      name: 'Nora Nguyen-Smith',
      email: 'nora@example.test',
      roleId: 2,
    });
    const row = await rowOf(canvas, 'Nora Nguyen-Smith');
    await waitFor(() => expect(row.getByText('ADMIN')).toBeVisible());
  },
};

export const EditOwnerShowsRoleReadOnly: Story = {
  tags: ['visual'],
  parameters: { route: '/users?page=2' },
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Olga Owens')).getByRole('button', { name: USERS_TEXTS.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.editTitle }));
    const role = dialog.getByRole('textbox', { name: USERS_TEXTS.roleLabel });
    await expect(role).toHaveValue('OWNER');
    await expect(role).toHaveAttribute('readonly');
    await userEvent.type(dialog.getByLabelText(USERS_TEXTS.passwordLabel), 'new-password-1');
    await userEvent.click(dialog.getByRole('button', { name: USERS_TEXTS.updateSubmit }));
    await toastWith(USERS_TOASTS.updated.title, 'Olga Owens has been updated.');
    // No roleId for an owner; a typed password is sent.
    await expect(recorded[0]?.body).toEqual({
      name: 'Olga Owens',
      email: 'olga@example.test',
      password: 'new-password-1',
    });
    await pointerAway(userEvent);
  },
};

export const DisableAndEnable: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    const row = await rowOf(canvas, 'Nora Nguyen');
    await userEvent.click(row.getByRole('button', { name: USERS_TEXTS.disable }));
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been deactivated.');
    await expect(recorded[0]?.body).toEqual({ isActive: false });
    await waitFor(() => expect(row.getByText('Inactive')).toBeVisible());
    await userEvent.click(await row.findByRole('button', { name: USERS_TEXTS.enable }));
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been activated.');
    await expect(recorded[1]?.body).toEqual({ isActive: true });
    await waitFor(() => expect(row.getByText('Active')).toBeVisible());
  },
};

export const StatusUpdatedToast: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.disable }),
    );
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been deactivated.');
    await expect(
      await (await rowOf(canvas, 'Nora Nguyen')).findByRole('button', { name: USERS_TEXTS.enable }),
    ).toBeVisible();
    await pointerAway(userEvent);
  },
};

export const StatusUpdateFailed: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.updateFailsWith(403, USER_MESSAGES.lastActiveOwner)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.disable }),
    );
    await toastWith(USERS_TOASTS.statusUpdateFailed.title, USER_MESSAGES.lastActiveOwner);
    await pointerAway(userEvent);
  },
};

export const StatusUpdateFailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(usersMocks.updateFailsWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.disable }),
    );
    await toastWith(USERS_TOASTS.statusUpdateFailed.title, USERS_TOASTS.statusUpdateFailed.description);
  },
};

const openDelete = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: USERS_TEXTS.delete }));
  return within(await screen.findByRole('alertdialog', { name: USERS_TEXTS.deleteTitle }));
};

export const DeleteConfirmation: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await expect(dialog.getByText(USERS_TEXTS.deleteConfirm)).toBeVisible();
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.cancel })).toHaveFocus();
    await pointerAway(context.userEvent);
  },
};

export const DeleteCancelled: Story = {
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await rowOf(context.canvas, 'Liam Larsen')).toBeTruthy();
  },
};

export const DeleteUser: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(USERS_TOASTS.deleted.title, 'Liam Larsen has been deleted.');
    await waitFor(() =>
      expect(context.canvas.queryByRole('row', { name: /Liam Larsen/ })).not.toBeInTheDocument(),
    );
    await expect(await context.canvas.findByText('Showing 1 to 10 of 12 users')).toBeVisible();
    await pointerAway(context.userEvent);
  },
};

export const DeleteFailed: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.deleteFailsWith(403, USER_MESSAGES.cannotManageOwner)),
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(USERS_TOASTS.deleteFailed.title, USER_MESSAGES.cannotManageOwner);
    await expect(await rowOf(context.canvas, 'Liam Larsen')).toBeTruthy();
    await pointerAway(context.userEvent);
  },
};

export const DeleteFailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(usersMocks.deleteFailsWithoutMessage()),
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(USERS_TOASTS.deleteFailed.title, USERS_TOASTS.deleteFailed.description);
  },
};

export const ClientsModal: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Edith Editor')).getByRole('button', { name: USERS_TEXTS.clients }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: USERS_TEXTS.clientsTitle('Edith Editor') }),
    );
    const table = await dialog.findByRole('grid');
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Company Name', 'Contact', 'Status', 'Certificates', 'Created']);
    const acme = within(await dialog.findByRole('row', { name: /Acme Studios/ }));
    await expect(acme.getByText('licensing@acme.test')).toBeVisible();
    await expect(acme.getByText('9/12')).toBeVisible();
    await expect(acme.getByText('Active')).toBeVisible();
    await expect(acme.getByText('Sep 17, 2024')).toBeVisible();
    const dune = within(dialog.getByRole('row', { name: /Dune Animation/ }));
    await expect(dune.getByText('Inactive')).toBeVisible();
    await pointerAway(userEvent);
  },
};

export const ClientsModalEmpty: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.clients }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: USERS_TEXTS.clientsTitle('Nora Nguyen') }),
    );
    await expect(await dialog.findByText(USERS_TEXTS.noClients('Nora Nguyen'))).toBeVisible();
    await pointerAway(userEvent);
  },
};

export const ClientsModalLoadFailed: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(usersMocks.userClientsFailWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Edith Editor')).getByRole('button', { name: USERS_TEXTS.clients }),
    );
    await toastWith(USERS_TOASTS.loadFailed.title, USERS_TOASTS.loadFailed.description);
    const dialog = within(
      await screen.findByRole('dialog', { name: USERS_TEXTS.clientsTitle('Edith Editor') }),
    );
    await expect(await dialog.findByRole('alert')).toHaveTextContent(USERS_ERRORS.fetchUserClients);
    await pointerAway(userEvent);
  },
};
