import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS, RENEWAL_MESSAGES, serialOverlapMessage } from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { buttonsOf, pointerAway, type Canvas, type UserEvent, visible } from '#storybook/story-helpers.tsx';
import { activeCertificate, mockCertificates } from '#mocks/fixtures/certificates.ts';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  press,
  rowShows,
} from '#storybook/areas/certificates.tsx';

// The Transfer dialog: the licence moves to a new serial number; the refusals land on that field.
const meta = {
  title: 'Certificates/Transfer dialog',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const T = TEXTS.transfer;

const openTransfer = async (canvas: Canvas, userEvent: UserEvent) => {
  await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.transfer);
  return within(await screen.findByRole('dialog', { name: T.title }));
};

export const TransferForm: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const row = await findRow(canvas, activeCertificate.serialNumber);
    await expect(buttonsOf(row)).toEqual(['Download', 'Renew', 'Transfer', 'Revoke', 'History']);
    const dialog = await openTransfer(canvas, userEvent);
    await visible(() => dialog.getByText(T.message(activeCertificate.serialNumber)));
    await expect(dialog.getByRole('textbox', { name: T.serialNumber })).toHaveFocus();
    await expect(dialog.getByRole('textbox', { name: T.reason })).toHaveValue('');
    await pointerAway(userEvent);
  },
};

/** The new certificate is named in the toast and heads the list; the old one reads revoked. */
export const Transfer: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openTransfer(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: T.serialNumber }), 'SN-NEW-1');
    await userEvent.type(dialog.getByRole('textbox', { name: T.reason }), 'disk failure');
    await userEvent.click(dialog.getByRole('button', { name: T.confirm }));
    await expectToast(
      TEXTS.toasts.transferred,
      TEXTS.toasts.transferredDescription(activeCertificate.serialNumber, 'SN-NEW-1'),
    );
    await rowShows(canvas, 'SN-NEW-1', 'ACTIVE');
    const old = await findRow(canvas, activeCertificate.serialNumber);
    await visible(() => old.getByText('REVOKED'));
    // Both histories link to each other.
    await userEvent.click(old.getByRole('button', { name: TEXTS.actions.history }));
    const history = within(
      await screen.findByRole('dialog', { name: TEXTS.history.title(activeCertificate.serialNumber) }),
    );
    await visible(() => history.getByText('Certificate revoked: Transferred to SN-NEW-1: disk failure'));
    await userEvent.click(
      await history.findByRole('link', { name: TEXTS.history.transferredTo('SN-NEW-1') }),
    );
    await visible(() => screen.getByRole('dialog', { name: TEXTS.history.title('SN-NEW-1') }));
  },
};

/** A serial whose live certificate overlaps the rest of the period: the server's 409 on the serial field. */
export const TransferOverlapRefused: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const clash = mockCertificates.find((c) => c.serialNumber === 'SN-1006')!;
    const dialog = await openTransfer(canvas, userEvent);
    const serial = dialog.getByRole('textbox', { name: T.serialNumber });
    await userEvent.type(serial, clash.serialNumber);
    await userEvent.click(dialog.getByRole('button', { name: T.confirm }));
    const message = serialOverlapMessage(clash.serialNumber, clash.status, clash.validFrom, clash.validTo);
    await visible(() => dialog.getByText(message));
    await expect(serial).toHaveAttribute('aria-invalid', 'true');
    // Said once, on the field: no toast.
    await expect(screen.queryByText(TEXTS.toasts.transferFailed)).not.toBeInTheDocument();
    await pointerAway(userEvent);
  },
};

/** The same serial number, and none at all: refused on the field before anything changes. */
export const TransferSameSerial: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openTransfer(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: T.confirm }));
    await visible(() => dialog.getByText('Serial number is required'));
    await userEvent.type(
      dialog.getByRole('textbox', { name: T.serialNumber }),
      activeCertificate.serialNumber,
    );
    await userEvent.click(dialog.getByRole('button', { name: T.confirm }));
    await visible(() => dialog.getByText(RENEWAL_MESSAGES.sameSerial));
    await rowShows(canvas, activeCertificate.serialNumber, 'ACTIVE');
  },
};
