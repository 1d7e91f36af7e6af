import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS, PAGE_TITLES, USERS_TEXTS } from '../../contract';
import { consoleAtMeta, type ConsoleAt } from '../../../.storybook/ConsoleAt';
import { visible, type Canvas, type UserEvent } from '../../../.storybook/story-helpers';
import { withCreateDialog } from '../../lib/routing/open-create';

// The command palette's actions open a list page with `?new=1`: the page opens its create dialog once, for the roles
// its own button shows to, and takes the request out of the address.
const meta = {
  title: 'Search/Actions open create dialogs',
  ...consoleAtMeta(withCreateDialog('/clients'), 'owner'),
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page shows with its dialog open; Escape closes the dialog, and it does not open again. */
const opensOnce =
  (title: string, dialog: string) =>
  async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: title }));
    await visible(() => screen.getByRole('dialog', { name: dialog }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: dialog })).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(screen.queryByRole('dialog', { name: dialog })).not.toBeInTheDocument();
  };

export const AddNewClient: Story = { play: opensOnce(PAGE_TITLES.clients, CLIENTS_TEXTS.addTitle) };

export const GenerateNewCertificate: Story = {
  args: { path: withCreateDialog('/certificates') },
  parameters: { session: { signedInAs: 'editor' } },
  play: opensOnce(CERTIFICATES_TEXTS.title, CERTIFICATES_TEXTS.form.createTitle),
};

export const AddNewUser: Story = {
  args: { path: withCreateDialog('/users') },
  parameters: { session: { signedInAs: 'admin' } },
  play: opensOnce(USERS_TEXTS.title, USERS_TEXTS.addTitle),
};

/** A viewer may not add clients: the page shows without the dialog. */
export const NotForAViewer: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.clients }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};
