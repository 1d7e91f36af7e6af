import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS, type Certificate } from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import type { Canvas, UserEvent } from '#storybook/story-helpers.tsx';
import {
  createMockCertificates,
  expiredCertificate,
  pendingCertificate,
} from '#mocks/fixtures/certificates.ts';
import {
  certificateFailures,
  certificateHandlers,
  createCertificateStore,
  recordsNeverAnswer,
} from '#mocks/handlers/certificates.ts';
import { transferredPair } from '#mocks/fixtures/certificates.ts';
import { certificatesPageMeta, press } from '#storybook/areas/certificates.tsx';
import { visible } from '#storybook/story-helpers.tsx';

// A certificate's history, opened from its row's History button.
const meta = {
  title: 'Certificates/History dialog',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const openHistory = async (canvas: Canvas, userEvent: UserEvent, certificate: Certificate) => {
  await press(canvas, userEvent, certificate.serialNumber, TEXTS.actions.history);
  return within(await screen.findByRole('dialog', { name: TEXTS.history.title(certificate.serialNumber) }));
};

export const History: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, expiredCertificate);
    // The expiry sweep's words, naming the end of the period (Dec 11, 2024: 35 days before the mocks' now).
    await visible(() => dialog.getByText('Certificate expired: its validity period ended on Dec 11, 2024'));
    await expect(dialog.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Timestamp',
      'Action',
      'Description',
      'Performed By',
    ]);
    const rows = dialog.getAllByRole('row').slice(1);
    // Newest first; the expiry was nobody's doing.
    await visible(() => within(rows[0] as HTMLElement).getByText('expired'));
    await visible(() => within(rows[0] as HTMLElement).getByText(TEXTS.history.system));
    await visible(() => within(rows[2] as HTMLElement).getByText('created'));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.history.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const HistoryEmpty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(http.get('/api/v1/certificates/:id/records', () => HttpResponse.json({ data: [] }))),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await visible(() => dialog.getByText('No history records found for this certificate.'));
  },
};

export const HistoryError: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificateFailures.records('Internal server error')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await visible(() => dialog.getByText('Error loading history: Internal server error'));
  },
};

export const HistoryLoading: Story = {
  beforeEach: ({ msw }) => msw.use(recordsNeverAnswer()),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await visible(() => dialog.getByText(TEXTS.history.loading));
  },
};

/**
 * A licence moved to a new machine and renewed there: the renewal reads before → after, and each history
 * links to the other certificate, opening its history in the same dialog.
 */
export const HistoryWithTransferAndRenewal: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    const { old, moved, records } = transferredPair();
    const store = createCertificateStore([moved, old, ...createMockCertificates()]);
    for (const [id, list] of records) store.records.set(id, list);
    msw.use(...certificateHandlers(store));
  },
  play: async ({ canvas, userEvent }) => {
    const { old, moved } = transferredPair();
    const dialog = await openHistory(canvas, userEvent, moved);
    await visible(() =>
      dialog.getByRole('gridcell', {
        name: 'Renewed: Valid to Mar 21, 2025 to Mar 21, 2026; users 10 to 25',
      }),
    );
    const back = await dialog.findByRole('link', { name: TEXTS.history.transferredFrom(old.serialNumber) });
    await userEvent.click(back);
    const previous = within(
      await screen.findByRole('dialog', { name: TEXTS.history.title(old.serialNumber) }),
    );
    await visible(() =>
      previous.getByText(`Certificate revoked: Transferred to ${moved.serialNumber}: disk failure`),
    );
    // The link pressed became the link back, and kept the focus.
    await waitFor(() =>
      expect(
        previous.getByRole('link', { name: TEXTS.history.transferredTo(moved.serialNumber) }),
      ).toHaveFocus(),
    );
    await userEvent.pointer({ target: document.body, coords: { clientX: 1, clientY: 1 } });
  },
};

/** The same walk from the keyboard: Enter on the link shows the other history, Enter again comes back. */
export const HistoryTransferByKeyboard: Story = {
  beforeEach: HistoryWithTransferAndRenewal.beforeEach,
  play: async ({ canvas, userEvent }) => {
    const { old, moved } = transferredPair();
    const dialog = await openHistory(canvas, userEvent, moved);
    const back = await dialog.findByRole('link', { name: TEXTS.history.transferredFrom(old.serialNumber) });
    back.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: TEXTS.history.title(old.serialNumber) });
    const forward = dialog.getByRole('link', { name: TEXTS.history.transferredTo(moved.serialNumber) });
    await expect(forward).toHaveFocus();
    await expect(forward).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: TEXTS.history.title(moved.serialNumber) });
    await expect(
      dialog.getByRole('link', { name: TEXTS.history.transferredFrom(old.serialNumber) }),
    ).toHaveFocus();
  },
};
