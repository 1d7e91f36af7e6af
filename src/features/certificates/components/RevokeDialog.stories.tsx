import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { buttonsOf, type Canvas, type UserEvent, visible } from '#storybook/story-helpers.tsx';
import { activeCertificate } from '#mocks/fixtures/certificates.ts';
import { certificateFailures } from '#mocks/handlers/certificates.ts';
import { certificatesPageMeta, expectToast, findRow, press } from '#storybook/areas/certificates.tsx';

// The revoke question with its reason, opened from an active certificate's row as an editor does.
const meta = {
  title: 'Certificates/Revoke dialog',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const openRevoke = async (canvas: Canvas, userEvent: UserEvent) => {
  await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.revoke);
  return within(await screen.findByRole('alertdialog', { name: TEXTS.revoke.title }));
};

export const RevokeDialogOpen: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await visible(() => dialog.getByText(TEXTS.revoke.message(activeCertificate.serialNumber)));
    await expect(dialog.getByRole('textbox', { name: TEXTS.revoke.reason })).toHaveValue('');
  },
};

export const Revoke: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.revoke.reason }), 'machine retired');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.revoke.confirm }));
    await expectToast(TEXTS.toasts.revoked, TEXTS.toasts.revokedDescription(activeCertificate.serialNumber));
    const revoked = await findRow(canvas, activeCertificate.serialNumber);
    await visible(() => revoked.getByText('REVOKED'));
    await expect(buttonsOf(revoked)).toEqual(['History']);
    // The reason is in its history, in the server's words.
    await userEvent.click(revoked.getByRole('button', { name: TEXTS.actions.history }));
    const history = within(
      await screen.findByRole('dialog', { name: TEXTS.history.title(activeCertificate.serialNumber) }),
    );
    await visible(() => history.getByText('Certificate revoked: machine retired'));
  },
};

export const RevocationFailed: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.revoke('Cannot revoke a certificate that is expired')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.revoke.confirm }));
    await expectToast(TEXTS.toasts.revocationFailed, 'Cannot revoke a certificate that is expired');
    // The dialog stays for another try.
    await visible(() => screen.getByRole('alertdialog', { name: TEXTS.revoke.title }));
  },
};
