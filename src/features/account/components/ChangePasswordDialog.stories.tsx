// The change-password dialog, opened from the Account page as a user does (the whole console, on /account).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CHANGE_PASSWORD_TEXTS, MESSAGES } from '../../../contract';
import { MOCK_PASSWORD } from '#mocks/fixtures.ts';
import { consoleAtMeta, type ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { visible } from '#storybook/story-helpers.tsx';

const meta = {
  title: 'Account/Change password',
  ...consoleAtMeta('/account'),
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const openChangePassword = async ({ canvas, userEvent }: PlayContext) => {
  await userEvent.click(await canvas.findByRole('button', { name: CHANGE_PASSWORD_TEXTS.title }));
  return within(await screen.findByRole('dialog', { name: CHANGE_PASSWORD_TEXTS.title }));
};

const fillChangePassword = async (
  dialog: ReturnType<typeof within>,
  userEvent: PlayContext['userEvent'],
  values: { current: string; next: string; confirm: string },
) => {
  await userEvent.type(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.currentPasswordLabel), values.current);
  await userEvent.type(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.newPasswordLabel), values.next);
  await userEvent.type(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.confirmPasswordLabel), values.confirm);
  await userEvent.click(dialog.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.submit }));
};

export const ChangePasswordDialogOpen: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const dialog = await openChangePassword(context);
    await expect(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.currentPasswordLabel)).toHaveFocus();
  },
};

export const ChangePasswordSucceeds: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const dialog = await openChangePassword(context);
    await fillChangePassword(dialog, context.userEvent, {
      current: MOCK_PASSWORD,
      next: 'a-new-password',
      confirm: 'a-new-password',
    });
    await visible(() => screen.getByText(CHANGE_PASSWORD_TEXTS.successTitle));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const ChangePasswordWrongCurrent: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const dialog = await openChangePassword(context);
    await fillChangePassword(dialog, context.userEvent, {
      current: 'wrong-password',
      next: 'a-new-password',
      confirm: 'a-new-password',
    });
    await waitFor(() =>
      expect(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.currentPasswordLabel)).toHaveAccessibleDescription(
        MESSAGES.wrongCurrentPassword,
      ),
    );
  },
};

export const ChangePasswordValidation: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const dialog = await openChangePassword(context);
    await fillChangePassword(dialog, context.userEvent, {
      current: MOCK_PASSWORD,
      next: 'short',
      confirm: 'other',
    });
    await expect(dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.newPasswordLabel)).toHaveAccessibleDescription(
      /Password must be at least 8 characters/,
    );
    await expect(
      dialog.getByLabelText(CHANGE_PASSWORD_TEXTS.confirmPasswordLabel),
    ).toHaveAccessibleDescription(CHANGE_PASSWORD_TEXTS.mismatch);
    await context.userEvent.click(dialog.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const ChangePasswordEscapeCloses: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async (context) => {
    await openChangePassword(context);
    await context.userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // react-aria gives the focus back in the frame after the dialog leaves the page, not with it.
    await waitFor(() =>
      expect(context.canvas.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.title })).toHaveFocus(),
    );
  },
};
