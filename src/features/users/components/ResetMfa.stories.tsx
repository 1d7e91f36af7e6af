import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { LIST_TEXTS, MESSAGES, MFA_RESET_TEXTS, MFA_TOASTS } from '../../../contract';
import { signInMocks } from '#mocks/handlers/sign-in.ts';
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

const { recorded, spyOn, meta: directory } = directoryPage('/users', { signedInAs: 'admin' });

// "Reset two-factor" on the users page as an admin sees it: Priya Patel (an admin) and Olivia Owner have
// codes on; an admin may reset Priya's, never the owner's.
const meta = {
  title: 'Users/Reset two-factor',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const openReset = (canvas: Canvas, userEvent: UserEvent, name: string) =>
  openFromRow({ canvas, userEvent }, name, MFA_RESET_TEXTS.action, {
    role: 'alertdialog',
    name: MFA_RESET_TEXTS.title(name),
  });

export const Confirmation: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await expect(buttonsOf(await rowOf(canvas, 'Olivia Owner'))).toEqual([]);
    // Offered only where there is something to reset.
    await expect(buttonsOf(await rowOf(canvas, 'Edith Editor'))).not.toContain(MFA_RESET_TEXTS.action);
    const dialog = await openReset(canvas, userEvent, 'Priya Patel');
    await visible(() => dialog.getByText(MFA_RESET_TEXTS.body));
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.cancel })).toHaveFocus();
    await pointerAway(userEvent);
  },
};

export const ResetsTheirCodes: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/users/:id/mfa')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openReset(canvas, userEvent, 'Priya Patel');
    await userEvent.click(dialog.getByRole('button', { name: MFA_RESET_TEXTS.confirm }));
    await toastWith(MFA_TOASTS.reset.title, MFA_TOASTS.reset.description('Priya Patel'));
    await expect(recorded).toHaveLength(1);
    // The list reloads: nothing left to reset.
    await waitFor(async () =>
      expect(buttonsOf(await rowOf(canvas, 'Priya Patel'))).not.toContain(MFA_RESET_TEXTS.action),
    );
  },
};

export const ResetRefused: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.resetRefused()),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openReset(canvas, userEvent, 'Priya Patel');
    await userEvent.click(dialog.getByRole('button', { name: MFA_RESET_TEXTS.confirm }));
    await toastWith(MFA_TOASTS.resetFailed.title, MESSAGES.forbidden);
  },
};
