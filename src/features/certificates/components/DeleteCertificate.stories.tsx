import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { pendingCertificate } from '#mocks/fixtures/certificates.ts';
import { certificateFailures } from '#mocks/handlers/certificates.ts';
import { certificatesPageMeta, expectToast, press, serialsShown } from '#storybook/areas/certificates.tsx';
import { visible } from '#storybook/story-helpers.tsx';

// A pending certificate's Delete and its confirmation (the page's ConfirmDialog), for owners and admins.
const meta = {
  title: 'Certificates/Delete certificate',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Delete: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    const dialog = within(
      await screen.findByRole('alertdialog', { name: TEXTS.delete.title(pendingCertificate.serialNumber) }),
    );
    await visible(() =>
      dialog.getByText('Are you sure you want to delete this certificate? This action cannot be undone.'),
    );
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.delete.confirm }));
    await expectToast(TEXTS.toasts.deleted, TEXTS.toasts.deletedDescription(pendingCertificate.serialNumber));
    await waitFor(async () =>
      expect(await serialsShown(canvas)).not.toContain(pendingCertificate.serialNumber),
    );
  },
};

export const DeleteDialogOpen: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    await visible(() =>
      screen.getByRole('alertdialog', { name: TEXTS.delete.title(pendingCertificate.serialNumber) }),
    );
  },
};

export const DeleteFailed: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(certificateFailures.delete('Certificate not found')),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    const dialog = within(
      await screen.findByRole('alertdialog', { name: TEXTS.delete.title(pendingCertificate.serialNumber) }),
    );
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.delete.confirm }));
    await expectToast(TEXTS.toasts.deleteFailed, 'Certificate not found');
  },
};
