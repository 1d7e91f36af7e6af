import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  DEFAULT_API_BASE,
  LIST_TEXTS,
  USER_MESSAGES,
  USERS_ERRORS,
  USERS_TEXTS,
  USERS_TOASTS,
} from '../../../contract';
import { usersMocks } from '#mocks/handlers/directory.ts';
import { UsersPage } from '../UsersPage';
import {
  type Canvas,
  directoryPage,
  openFromRow,
  pointerAway,
  rowOf,
  toastWith,
  type UserEvent,
  visible,
} from '#storybook/story-helpers.tsx';

const { recorded, spyOn, meta: directory } = directoryPage('/users');

// The add and edit user form, opened from the users page as an owner does.
const meta = {
  title: 'Users/User form',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const openAddUser = async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
  await userEvent.click(await canvas.findByRole('button', { name: USERS_TEXTS.addUser }));
  const dialog = within(await screen.findByRole('dialog', { name: USERS_TEXTS.addTitle }));
  // The role picker opens once the roles have loaded.
  await waitFor(() => expect(dialog.getByRole('button', { name: /Role/ })).toBeEnabled());
  return dialog;
};

const openEdit = (canvas: Canvas, userEvent: UserEvent, name: string) =>
  openFromRow({ canvas, userEvent }, name, USERS_TEXTS.edit, { name: USERS_TEXTS.editTitle });

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
    await visible(() => dialog.getByText('Role is required'));
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
    await visible(() => row.getByText('EDITOR'));
    await visible(() => row.getByText(LIST_TEXTS.never));
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
    // The server's 409 lands on Email: no banner, no toast.
    const email = dialog.getByRole('textbox', { name: USERS_TEXTS.emailLabel });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await expect(email).toHaveAccessibleDescription(expect.stringContaining(USER_MESSAGES.emailTaken));
    await expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await expect(screen.queryByText(USERS_TOASTS.saveFailed.title)).not.toBeInTheDocument();
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
    const dialog = await openEdit(canvas, userEvent, 'Nora Nguyen');
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
    const dialog = await openEdit(canvas, userEvent, 'Nora Nguyen');
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
    const dialog = await openEdit(canvas, userEvent, 'Nora Nguyen');
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
    const dialog = await openEdit(canvas, userEvent, 'Nora Nguyen');
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
    await visible(() => row.getByText('ADMIN'));
  },
};

export const EditOwnerShowsRoleReadOnly: Story = {
  tags: ['visual'],
  parameters: { route: '/users?page=2' },
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEdit(canvas, userEvent, 'Olga Owens');
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
