import { catchDownloads, onThePhone, visible } from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import { blueHarborClient, pendingCertificate } from '../../../mocks/fixtures/certificates';
import {
  certificateFailures,
  certificateHandlers,
  certificatesNeverAnswer,
  createCertificateStore,
} from '../../../mocks/handlers/certificates';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  press,
  row,
  serialsShown,
  table,
} from '../../../.storybook/areas/certificates';

// The page's own states; each dialog's stories are beside it in components/, the row's actions in
// RowActions.stories.tsx.
const meta = {
  title: 'Certificates/Page',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------- screen states

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificatesNeverAnswer()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    await visible(() => canvas.getByText(TEXTS.loading));
  },
};

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    await findRow(canvas, pendingCertificate.serialNumber);
    const grid = await table(canvas);
    // The first column holds the select-all checkbox.
    await expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      'Serial Number',
      'Client',
      'License Details',
      'Validity Period',
      'Status',
      'Last Used',
      'Actions',
    ]);
    const pending = await row(canvas, pendingCertificate.serialNumber);
    await visible(() => pending.getByText('Acme Animation'));
    await visible(() => pending.getByText('2 studios, 10 users'));
    await visible(() => pending.getByText('PENDING'));
    await visible(() => pending.getByText(TEXTS.never));
    // The six counters count every certificate, not only the ten rows of this page.
    const counters = within(canvas.getByLabelText(TEXTS.summaryLabel));
    const counted = counters
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    await expect(counted).toEqual([
      'Total 13',
      'Active 4',
      'Pending 2',
      'Expired 2',
      'Revoked 2',
      'Distributed 3',
    ]);
    await visible(() => canvas.getByText('Showing 1 to 10 of 13 certificates'));
    await visible(() => canvas.getByRole('button', { name: TEXTS.generate }));
    await visible(() => canvas.getByRole('button', { name: TEXTS.exportCsv }));
    await visible(() => canvas.getByRole('button', { name: TEXTS.validateLicense }));
  },
};

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...certificateHandlers(createCertificateStore([]))),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.empty));
    await expect(canvas.queryByRole('navigation', { name: TEXTS.paginationLabel })).not.toBeInTheDocument();
  },
};

export const EmptyWithFilters: Story = {
  args: { path: '/certificates?search=no-such-serial' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.emptyFiltered));
    await expect(canvas.getByRole('searchbox', { name: TEXTS.searchLabel })).toHaveValue('no-such-serial');
  },
};

export const ErrorBanner: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificateFailures.list('Database is unavailable')),
  play: async ({ canvas }) => {
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent('Database is unavailable');
  },
};

export const ErrorBannerFallbackText: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.listWithoutMessage()),
  play: async ({ canvas }) => {
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent('Failed to fetch certificates');
  },
};

// ---------------------------------------------------------------- search, filter, paging, URL

export const SearchFilterAndPage: Story = {
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    // Page 2 holds the last three.
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1011', 'SN-1012', 'SN-1013']));
    await visible(() => canvas.getByText('Showing 11 to 13 of 13 certificates'));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(10));

    // A search starts again at page 1 and matches serial numbers and client names.
    await userEvent.type(canvas.getByRole('searchbox', { name: TEXTS.searchLabel }), 'cobalt');
    await waitFor(async () =>
      expect(await serialsShown(canvas)).toEqual(['SN-1004', 'SN-1007', 'SN-1009', 'SN-1012']),
    );

    // The status select narrows it further.
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1007']));
  },
};

export const StatusFromTheAddress: Story = {
  // The dashboard links here with a status; the list and the select follow it.
  args: { path: '/certificates?status=expired' },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1004', 'SN-1011']));
    await expect(canvas.getByRole('button', { name: /Status/ })).toHaveTextContent('Expired');
  },
};

export const ClientFromTheAddress: Story = {
  args: { path: `/certificates?clientId=${blueHarborClient.uuid}` },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1003', 'SN-1006', 'SN-1010']));
    await visible(() => canvas.getByText(TEXTS.clientFilter(blueHarborClient.name)));
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.clearClientFilter }));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(10));
  },
};

// ---------------------------------------------------------------- export

export const ExportCsv: Story = {
  args: { path: '/certificates?status=revoked' },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1005', 'SN-1010']));
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
      await waitFor(() => expect(downloads.saved.map((file) => file.fileName)).toEqual(['certificates.csv']));
      const csv = await (await fetch(downloads.saved[0]?.href ?? '')).text();
      // Everything matching the filters: the header and both revoked certificates.
      const lines = csv.trim().split('\r\n');
      await expect(lines).toHaveLength(3);
      await expect(lines.slice(1).every((line) => line.includes(',revoked,'))).toBe(true);
    } finally {
      downloads.restore();
    }
  },
};

export const ExportFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('/api/v1/certificates/export', () =>
        HttpResponse.json({ message: 'Export is unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
    await expectToast(TEXTS.toasts.exportFailed, 'Export is unavailable');
  },
};

// ---------------------------------------------------------------- the dashboard follows changes made here

export const DashboardCountsFollowChanges: Story = {
  args: { path: '/' },
  play: async ({ canvas, userEvent }) => {
    const activeCard = async () => canvas.findByRole('link', { name: /Active Certs/ });
    await waitFor(async () => expect(await activeCard()).toHaveTextContent('Active Certs4'));
    await userEvent.click(canvas.getByRole('link', { name: 'Certificates' }));
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(TEXTS.toasts.activated);
    await userEvent.click(canvas.getByRole('link', { name: 'Dashboard' }));
    // The stats are cached for five minutes, but not past a change made in this console.
    await waitFor(async () => expect(await activeCard()).toHaveTextContent('Active Certs5'));
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Populated), tags: ['visual'] };
