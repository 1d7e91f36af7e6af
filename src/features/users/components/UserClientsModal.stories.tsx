import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { USERS_ERRORS, USERS_TEXTS, USERS_TOASTS } from '../../../contract';
import { usersMocks } from '#mocks/handlers/directory.ts';
import { UsersPage } from '../UsersPage';
import {
  directoryPage,
  headerTexts,
  pointerAway,
  rowOf,
  toastWith,
  visible,
} from '#storybook/story-helpers.tsx';

const { meta: directory } = directoryPage('/users');

// The clients a user is responsible for, opened from the users row's Clients button as an owner does.
const meta = {
  title: 'Users/User clients',
  component: UsersPage,
  ...directory,
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

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
    await expect(headerTexts(table)).toEqual([
      'Company Name',
      'Contact',
      'Status',
      'Certificates',
      'Created',
    ]);
    const acme = within(await dialog.findByRole('row', { name: /Acme Studios/ }));
    await visible(() => acme.getByText('licensing@acme.test'));
    await visible(() => acme.getByText('9/12'));
    await visible(() => acme.getByText('Active'));
    await visible(() => acme.getByText('Sep 17, 2024'));
    const dune = within(dialog.getByRole('row', { name: /Dune Animation/ }));
    await visible(() => dune.getByText('Inactive'));
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
    await visible(() => dialog.getByText(USERS_TEXTS.noClients('Nora Nguyen')));
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
