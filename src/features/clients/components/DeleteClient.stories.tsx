import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { CLIENT_MESSAGES, CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS } from '../../../contract';
import { clientsMocks } from '#mocks/handlers/directory.ts';
import { ClientsPage } from '../ClientsPage';
import {
  directoryPage,
  openFromRow,
  pointerAway,
  rowNames,
  rowOf,
  toastWith,
  visible,
} from '#storybook/story-helpers.tsx';

const { meta: directory } = directoryPage('/clients');

// The clients row's Delete and its confirmation (the page's ConfirmDialog), as an owner sees it.
const meta = {
  title: 'Clients/Delete client',
  component: ClientsPage,
  ...directory,
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const openDelete = (context: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) =>
  openFromRow(context, name, CLIENTS_TEXTS.delete, {
    role: 'alertdialog',
    name: CLIENTS_TEXTS.deleteTitle(name),
  });

export const DeleteConfirmation: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Cobalt Post');
    await visible(() => dialog.getByText(CLIENTS_TEXTS.deleteConfirm));
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
    await visible(() => context.canvas.getByText('Showing 1 to 10 of 11 clients'));
    await pointerAway(context.userEvent);
  },
};

/** A client with live certificates: the dialog says why it cannot be deleted instead of asking. */
export const DeleteRefusedWithLiveCertificates: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openDelete(context, 'Acme Studios');
    await visible(() => dialog.getByText(CLIENT_MESSAGES.hasLiveCertificates));
    await expect(dialog.queryByText(CLIENTS_TEXTS.deleteConfirm)).not.toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: LIST_TEXTS.delete })).not.toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.close })).toHaveFocus();
    await pointerAway(context.userEvent);
  },
};

/** Closing the explanation leaves the client as it was. */
export const DeleteRefusedClosed: Story = {
  play: async (context) => {
    const dialog = await openDelete(context, 'Acme Studios');
    await context.userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.close }));
    await expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await expect(await rowOf(context.canvas, 'Acme Studios')).toBeTruthy();
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
