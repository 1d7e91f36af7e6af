import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { LIST_TEXTS, USER_MESSAGES, USERS_TEXTS, USERS_TOASTS } from '../../../contract';
import { usersMocks } from '#mocks/handlers/directory.ts';
import { UsersPage } from '../UsersPage';
import { directoryPage, pointerAway, rowNow, rowOf, toastWith, visible } from '#storybook/story-helpers.tsx';

const { recorded, spyOn, meta: directory } = directoryPage('/users');

// The users row's Disable and Enable, on the users page as an owner sees it.
const meta = {
  title: 'Users/User status',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DisableAndEnable: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    const row = await rowOf(canvas, 'Nora Nguyen');
    await userEvent.click(row.getByRole('button', { name: USERS_TEXTS.disable }));
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been deactivated.');
    await expect(recorded[0]?.body).toEqual({ isActive: false });
    await visible(() => row.getByText('Inactive'));
    await userEvent.click(await row.findByRole('button', { name: USERS_TEXTS.enable }));
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been activated.');
    await expect(recorded[1]?.body).toEqual({ isActive: true });
    await visible(() => row.getByText('Active'));
  },
};

/** Disabling offers Undo on its toast: pressing it enables the user again, and that toast has none. */
export const DisableThenUndo: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/users/:id')),
  play: async ({ canvas, userEvent }) => {
    const row = await rowOf(canvas, 'Nora Nguyen');
    await userEvent.click(row.getByRole('button', { name: USERS_TEXTS.disable }));
    const toast = within(
      await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been deactivated.'),
    );
    await userEvent.click(toast.getByRole('button', { name: LIST_TEXTS.undo }));
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been activated.');
    await expect(recorded.map((call) => call.body)).toEqual([{ isActive: false }, { isActive: true }]);
    await visible(() => row.getByText('Active'));
    await expect(screen.queryAllByRole('button', { name: LIST_TEXTS.undo })).toHaveLength(0);
  },
};

export const StatusUpdatedToast: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      (await rowOf(canvas, 'Nora Nguyen')).getByRole('button', { name: USERS_TEXTS.disable }),
    );
    await toastWith(USERS_TOASTS.statusUpdated.title, 'Nora Nguyen has been deactivated.');
    await visible(() => rowNow(canvas, 'Nora Nguyen').getByRole('button', { name: USERS_TEXTS.enable }));
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
