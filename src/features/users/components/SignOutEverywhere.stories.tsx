import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import {
  LIST_TEXTS,
  MESSAGES,
  USER_SESSIONS_TEXTS,
  USER_SESSIONS_TOASTS,
  USERS_TEXTS,
} from '../../../contract';
import { sessionHandlers, sessionsMocks } from '#mocks/handlers/sessions.ts';
import { UsersPage } from '../UsersPage';
import {
  buttonsOf,
  type Canvas,
  directoryPage,
  openFromRow,
  pointerAway,
  rowOf,
  toastWith,
  type UserEvent,
  visible,
} from '#storybook/story-helpers.tsx';

const {
  recorded,
  spyOn,
  meta: directory,
} = directoryPage('/users', {
  signedInAs: 'admin',
  handlers: sessionHandlers,
});

// The users row's "Sign out everywhere", on the users page as an admin sees it.
const meta = {
  title: 'Users/Sign out everywhere',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The question (toasts are alert dialogs too, so it is found by its name). */
const confirmation = () => screen.queryByRole('alertdialog', { name: USER_SESSIONS_TEXTS.confirmTitle });

const openSignOutEverywhere = (canvas: Canvas, userEvent: UserEvent, name: string) =>
  openFromRow({ canvas, userEvent }, name, USER_SESSIONS_TEXTS.signOutEverywhere, {
    role: 'alertdialog',
    name: USER_SESSIONS_TEXTS.confirmTitle,
  });

export const Confirmation: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    // Offered on the users the admin may manage, not on an owner, and not on their own row (the Account page's).
    await expect(buttonsOf(await rowOf(canvas, 'Edith Editor'))).toContain(
      USER_SESSIONS_TEXTS.signOutEverywhere,
    );
    await expect(buttonsOf(await rowOf(canvas, 'Olivia Owner'))).toEqual([]);
    await expect(buttonsOf(await rowOf(canvas, 'Adam Admin'))).not.toContain(
      USER_SESSIONS_TEXTS.signOutEverywhere,
    );
    const dialog = await openSignOutEverywhere(canvas, userEvent, 'Edith Editor');
    await visible(() =>
      dialog.getByText('Sign out Edith Editor everywhere? They will have to sign in again on every device.'),
    );
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.cancel })).toHaveFocus();
    await pointerAway(userEvent);
  },
};

export const SignsTheUserOut: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/users/:id/sessions')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutEverywhere(canvas, userEvent, 'Edith Editor');
    await userEvent.click(dialog.getByRole('button', { name: USER_SESSIONS_TEXTS.signOutEverywhere }));
    await toastWith(
      USER_SESSIONS_TOASTS.signedOut.title,
      'Edith Editor has been signed out on every device.',
    );
    await waitFor(() => expect(confirmation()).not.toBeInTheDocument());
    await expect(recorded.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'DELETE /api/v1/users/10000000-0000-4000-8000-000000000003/sessions',
    ]);
    await pointerAway(userEvent);
  },
};

export const Cancelled: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/users/:id/sessions')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutEverywhere(canvas, userEvent, 'Edith Editor');
    await userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(confirmation()).not.toBeInTheDocument());
    await expect(recorded).toEqual([]);
  },
};

export const Refused: Story = {
  beforeEach: ({ msw }) => msw.use(sessionsMocks.endUserSessionsFailsWith(403, MESSAGES.forbidden)),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutEverywhere(canvas, userEvent, 'Edith Editor');
    await userEvent.click(dialog.getByRole('button', { name: USER_SESSIONS_TEXTS.signOutEverywhere }));
    await toastWith(USER_SESSIONS_TOASTS.failed.title, MESSAGES.forbidden);
    // The row is still there, with its actions.
    await expect(buttonsOf(await rowOf(canvas, 'Edith Editor'))).toContain(USERS_TEXTS.edit);
  },
};
