import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CERTIFICATES_BULK_TEXTS as BULK,
  CERTIFICATES_TEXTS as TEXTS,
  DEFAULT_API_BASE,
  SELECTION_TEXTS,
} from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  catchDownloads,
  pointerAway,
  selectionBar as bar,
  toastWith,
  visible,
} from '../../../.storybook/story-helpers';
import { mockCertificates } from '../../../mocks/fixtures/certificates';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  rowShows,
  table,
} from '../../../.storybook/areas/certificates';

// Row selection and the bulk bar of the certificates list; the page's other states are in
// CertificatesPage.stories.tsx and CertificatesList.stories.tsx.
const meta = {
  title: 'Certificates/Bulk actions',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const bulkCalls: number[] = [];
const checkbox = async (canvas: Parameters<typeof table>[0], serialNumber: string) =>
  (await findRow(canvas, serialNumber)).getByRole('checkbox');

/** Shift with a click selects the range from the row last toggled; the bar offers what every selected row allows. */
export const SelectRange: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    // SN-1002 active, SN-1003 distributed: both may be renewed, revoked and downloaded.
    await userEvent.click(await checkbox(canvas, 'SN-1002'));
    await userEvent.keyboard('{Shift>}');
    await userEvent.click(await checkbox(canvas, 'SN-1003'));
    await userEvent.keyboard('{/Shift}');
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(2));
    await expect(
      bar()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([BULK.actions.renew, BULK.actions.revoke, BULK.actions.download, SELECTION_TEXTS.clear]);
    // Shift-click further down extends the range: SN-1004 expired and SN-1005 revoked, which nothing here allows.
    await userEvent.keyboard('{Shift>}');
    await userEvent.click(await checkbox(canvas, 'SN-1005'));
    await userEvent.keyboard('{/Shift}');
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(4));
    await expect(bar().queryByRole('button', { name: BULK.actions.revoke })).not.toBeInTheDocument();
    await pointerAway(userEvent);
  },
};

/** Space on a focused row toggles it; Shift with an arrow key extends the selection. */
export const SelectByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    (await table(canvas)).getAllByRole('row')[1]?.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    await waitFor(() => expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(3)));
    await expect(await checkbox(canvas, 'SN-1003')).toBeChecked();
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.clear }));
    await expect(screen.queryByRole('region', { name: SELECTION_TEXTS.barLabel })).not.toBeInTheDocument();
  },
};

/** The header's checkbox selects the page; then every matching certificate can be selected across pages. */
export const SelectAllMatching: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click((await table(canvas)).getByRole('checkbox', { name: /Select All/i }));
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(10));
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(13) }));
    await visible(() => bar().getByText(SELECTION_TEXTS.allMatchingSelected(13)));
    await expect(bar().getByRole('status')).toHaveTextContent(SELECTION_TEXTS.selected(13));
    await pointerAway(userEvent);
  },
};

/** The server gives at most 10,000 ids: the bar says the selection stopped there. */
export const SelectAllMatchingCapped: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(
      http.get(`${DEFAULT_API_BASE}/certificates/ids`, () =>
        HttpResponse.json({ data: { ids: mockCertificates.map((c) => c.uuid), total: 25_000 } }),
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click((await table(canvas)).getByRole('checkbox', { name: /Select All/i }));
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(13) }));
    await visible(() => bar().getByText(SELECTION_TEXTS.capped(13, 25_000)));
    await pointerAway(userEvent);
  },
};

/**
 * A revoke of every matching certificate: the active and distributed ones are revoked, the others fail with the
 * server's reason, listed row by row; one toast gives the counts and only the failed rows stay selected.
 */
export const RevokePartialFailure: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click((await table(canvas)).getByRole('checkbox', { name: /Select All/i }));
    // Mixed statuses: no action is allowed for all of them.
    await expect(bar().queryByRole('button', { name: BULK.actions.revoke })).not.toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(13) }));
    // Some rows were never seen: the role decides, and the server names what it refuses.
    await userEvent.click(await bar().findByRole('button', { name: BULK.actions.revoke }));
    const dialog = within(await screen.findByRole('alertdialog', { name: BULK.revokeTitle }));
    await visible(() => dialog.getByText(BULK.revokeMessage(13)));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.revoke.reason }), 'Contract ended');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.revoke.confirm }));
    const outcome = SELECTION_TEXTS.outcome(BULK.done.revoke, 7, 6);
    await expectToast(SELECTION_TEXTS.toastPartlyFailed);
    await visible(() => bar().getAllByText(outcome)[0]);
    const failures = within(bar().getByRole('list', { name: SELECTION_TEXTS.failedRowsLabel }));
    await expect(failures.getAllByRole('listitem')).toHaveLength(6);
    await expect(failures.getAllByRole('listitem')[0]).toHaveTextContent(/^SN-1001: /);
    await visible(() => bar().getByText(SELECTION_TEXTS.selected(6)));
    await rowShows(canvas, 'SN-1002', 'REVOKED');
    await pointerAway(userEvent);
  },
};

/** Above 1,000 ids the console sends chunks of 1,000 and shows one combined outcome. */
export const LargeSelectionInChunks: Story = {
  beforeEach: ({ msw }) => {
    bulkCalls.length = 0;
    const unknown = Array.from(
      { length: 2_490 },
      (_, index) => `5f000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    msw.use(
      http.get(`${DEFAULT_API_BASE}/certificates/ids`, () =>
        HttpResponse.json({
          data: { ids: [...mockCertificates.map((c) => c.uuid), ...unknown].slice(0, 2_500), total: 2_500 },
        }),
      ),
      http.post(`${DEFAULT_API_BASE}/certificates/bulk`, async ({ request }) => {
        bulkCalls.push(((await request.clone().json()) as { ids: string[] }).ids.length);
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click((await table(canvas)).getByRole('checkbox', { name: /Select All/i }));
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(13) }));
    await userEvent.click(await bar().findByRole('button', { name: BULK.actions.activate }));
    await visible(() => bar().getAllByText(SELECTION_TEXTS.outcome(BULK.done.activate, 2, 2_498))[0]);
    await expect(bulkCalls).toEqual([1000, 1000, 500]);
    await visible(() => bar().getByText(SELECTION_TEXTS.moreFailures(2_448)));
  },
};

/** Delete asks first; drafts are deleted, the rest fail. */
export const DeleteSelectedDrafts: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  args: { path: '/certificates?status=pending' },
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click((await table(canvas)).getByRole('checkbox', { name: /Select All/i }));
    await userEvent.click(bar().getByRole('button', { name: BULK.actions.delete }));
    const dialog = within(await screen.findByRole('alertdialog', { name: BULK.deleteTitle }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.delete.confirm }));
    await toastWith(SELECTION_TEXTS.toastDone, SELECTION_TEXTS.outcome(BULK.done.delete, 2, 0));
    await visible(() => canvas.getByText(TEXTS.emptyFiltered));
  },
};

/** "Download selected licences" saves one zip with a licence file per active or distributed certificate. */
export const DownloadSelectedLicenses: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await checkbox(canvas, 'SN-1002'));
    await userEvent.click(await checkbox(canvas, 'SN-1003'));
    const downloads = catchDownloads();
    try {
      await userEvent.click(bar().getByRole('button', { name: BULK.actions.download }));
      await waitFor(() => expect(downloads.saved.map((file) => file.fileName)).toEqual([BULK.zipFileName]));
      const zip = new Uint8Array(await (await fetch(downloads.saved[0]?.href ?? '')).arrayBuffer());
      const text = new TextDecoder().decode(zip);
      await expect(text.startsWith('PK')).toBe(true);
      await expect(text).toContain('license-SN-1002.json');
      await expect(text).toContain('license-SN-1003.json');
      await expectToast(BULK.downloaded, BULK.downloadedDescription);
      // The active one is now distributed.
      await rowShows(canvas, 'SN-1002', 'DISTRIBUTED');
    } finally {
      downloads.restore();
    }
  },
};

/** A viewer has no bulk action, so no checkboxes. */
export const ViewerCannotSelect: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await findRow(canvas, 'SN-1001');
    await expect((await table(canvas)).queryAllByRole('checkbox')).toHaveLength(0);
  },
};
