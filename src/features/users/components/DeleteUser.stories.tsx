import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { LIST_TEXTS, USER_MESSAGES, USERS_TEXTS, USERS_TOASTS } from '../../../contract';
import { usersMocks } from '#mocks/handlers/directory.ts';
import { UsersPage } from '../UsersPage';
import {
  directoryPage,
  expectCancelKeepsRow,
  openFromRow,
  pointerAway,
  rowOf,
  toastWith,
  type Canvas,
  type UserEvent,
  visible,
} from '#storybook/story-helpers.tsx';

const { meta: directory } = directoryPage('/users');

// The users row's Delete and its confirmation, on the users page as an owner sees it.
const meta = {
  title: 'Users/Delete user',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDelete = (context: { canvas: Canvas; userEvent: UserEvent }, name: string) =>
  openFromRow(context, name, USERS_TEXTS.delete, {
    role: 'alertdialog',
    name: USERS_TEXTS.deleteTitle(name),
  });

export const DeleteConfirmation: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await visible(() => dialog.getByText(USERS_TEXTS.deleteConfirm));
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.cancel })).toHaveFocus();
    await pointerAway(context.userEvent);
  },
};

export const DeleteCancelled: Story = {
  play: async (context) => {
    const dialog = await openDelete(context, 'Liam Larsen');
    await expectCancelKeepsRow(context, dialog, LIST_TEXTS.cancel, 'Liam Larsen');
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
    await visible(() => context.canvas.getByText('Showing 1 to 10 of 12 users'));
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
