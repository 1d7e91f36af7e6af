import { onThePhone, visible } from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS, DASHBOARD_TEXTS as TEXTS, LIST_TEXTS } from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import type { Canvas } from '../../../.storybook/story-helpers';
import { createMockCertificates, mockStatsOf, mockCertificates } from '../../../mocks/fixtures/certificates';
import { certificateHandlers, createCertificateStore } from '../../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import { LICENSE_TERMS_TEXTS } from '../../contract/texts/license-terms';
import { dashboardFailures, dashboardNeverAnswers, emptyDashboard } from '../../../mocks/handlers/dashboard';
import { dashboardAsEditor, expiringShown, rowsOf, tableNamed } from '../../../.storybook/areas/dashboard';

// The dashboard as an editor sees it; the expiring certificates' own stories are beside it in components/.
const meta = {
  title: 'Dashboard/Page',
  ...dashboardAsEditor,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const statCard = (canvas: Canvas, label: string) => canvas.getByText(label).parentElement as HTMLElement;

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...dashboardNeverAnswers()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    await expect((await canvas.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    const stats = mockStatsOf(mockCertificates);
    await waitFor(() =>
      expect(statCard(canvas, TEXTS.totalClients)).toHaveTextContent(
        `${TEXTS.totalClients}${stats.totalClients}`,
      ),
    );
    await expect(statCard(canvas, TEXTS.activeCerts)).toHaveTextContent(
      `${TEXTS.activeCerts}${stats.activeCertificates}`,
    );
    // The last three cards lead to the certificates of their status; Total Clients leads nowhere.
    await expect(canvas.getByRole('link', { name: new RegExp(TEXTS.activeCerts) })).toHaveAttribute(
      'href',
      '/certificates?status=active',
    );
    await expect(canvas.getByRole('link', { name: new RegExp(TEXTS.distributedCerts) })).toHaveAttribute(
      'href',
      '/certificates?status=distributed',
    );
    await expect(canvas.getByRole('link', { name: new RegExp(TEXTS.expiredCerts) })).toHaveAttribute(
      'href',
      '/certificates?status=expired',
    );
    await expect(
      canvas.queryByRole('link', { name: new RegExp(TEXTS.totalClients) }),
    ).not.toBeInTheDocument();

    // The first five certificate activities, newest first.
    await waitFor(async () => expect(await rowsOf(canvas, TEXTS.recentActivity)).toHaveLength(5));
    await expect(
      (await tableNamed(canvas, TEXTS.recentActivity)).getAllByRole('columnheader').map((h) => h.textContent),
    ).toEqual(['Action', 'Performed By', 'Days From Now']);
    await expect((await rowsOf(canvas, TEXTS.recentActivity)).map((cells) => cells[2])).toEqual([
      'Today',
      'Today',
      '1 day ago',
      '2 days ago',
      '35 days ago',
    ]);

    // The overview: a row per status, each a link.
    const overview = within(canvas.getByRole('region', { name: TEXTS.overview }));
    await expect(
      overview.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [`Pending${stats.pendingCertificates}`, '/certificates?status=pending'],
      [`Active${stats.activeCertificates}`, '/certificates?status=active'],
      [`Distributed${stats.distributedCertificates}`, '/certificates?status=distributed'],
      [`Expired${stats.expiredCertificates}`, '/certificates?status=expired'],
      [`Revoked${stats.revokedCertificates}`, '/certificates?status=revoked'],
    ]);

    // Expiring within 30 days (the default): 5 days is red, 25 yellow.
    await expiringShown(canvas, 2);
    const expiring = await tableNamed(canvas, TEXTS.expiring);
    await expect(expiring.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Certificate Number',
      'Client',
      'Certificate Details',
      'Expiry Date',
      'Days Until Expiry',
      'Status',
      'Actions',
    ]);
    await expect(expiring.getByText('5 days')).toHaveAttribute('data-level', 'critical');
    await expect(expiring.getByText('25 days')).toHaveAttribute('data-level', 'warning');
    // The true status: SN-1003's licence has been downloaded.
    await expect(expiring.getAllByText(TEXTS.activeBadge)).toHaveLength(1);
    await expect(expiring.getAllByText(TEXTS.distributedBadge)).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: /Timeframe/ })).toHaveTextContent('Next 30 days');
  },
};

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...emptyDashboard()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.noRecentActivities));
    await visible(() => canvas.getByText(TEXTS.noExpiring));
  },
};

export const StatsFail: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(dashboardFailures.stats(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to fetch dashboard stats: 500');
    await visible(() => screen.getByText(TEXTS.loadFailedTitle));
    await visible(() => screen.getByText(TEXTS.loadFailedDescription));
  },
};

export const ExpirationFails: Story = {
  beforeEach: ({ msw }) => msw.use(dashboardFailures.expiration()),
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getAllByRole('alert')[0]).toHaveTextContent(
        'Failed to fetch certificate expiration data.',
      ),
    );
    await visible(() => screen.getByText(TEXTS.loadFailedTitle));
  },
};

export const ActivityFails: Story = {
  beforeEach: ({ msw }) => msw.use(dashboardFailures.activity()),
  play: async ({ canvas }) => {
    // The server sent a message: it is shown rather than the fallback.
    await waitFor(() => expect(canvas.getAllByRole('alert')[0]).toHaveTextContent('Internal server error'));
  },
};

export const StatsRetriedAfterNetworkError: Story = {
  // The first stats call never reaches the server; the one retry a second later does.
  beforeEach: ({ msw }) =>
    msw.use(http.get('/api/v1/dashboard/stats', () => HttpResponse.error(), { once: true })),
  play: async ({ canvas }) => {
    const stats = mockStatsOf(mockCertificates);
    await waitFor(
      () =>
        expect(statCard(canvas, TEXTS.activeCerts)).toHaveTextContent(
          `${TEXTS.activeCerts}${stats.activeCertificates}`,
        ),
      {
        timeout: 3000,
      },
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Refresh: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await rowsOf(canvas, TEXTS.recentActivity)).toHaveLength(5));
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.refresh }));
    await waitFor(() => expect(canvas.getByRole('button', { name: TEXTS.refresh })).toBeEnabled());
    await expect(screen.queryByText(TEXTS.refreshFailedTitle)).not.toBeInTheDocument();
  },
};

export const RefreshFailed: Story = {
  // The page loads; the refresh's stats call fails.
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('/api/v1/dashboard/stats', () => HttpResponse.json(mockStatsOf(mockCertificates)), {
        once: true,
      }),
      dashboardFailures.stats(503),
    ),
  play: async ({ canvas, userEvent }) => {
    const stats = mockStatsOf(mockCertificates);
    await waitFor(() =>
      expect(statCard(canvas, TEXTS.activeCerts)).toHaveTextContent(
        `${TEXTS.activeCerts}${stats.activeCertificates}`,
      ),
    );
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.refresh }));
    await visible(() => screen.getByText(TEXTS.refreshFailedTitle));
    await visible(() => screen.getByText(TEXTS.refreshFailedDescription));
    // What was shown stays.
    await expect(statCard(canvas, TEXTS.activeCerts)).toHaveTextContent(
      `${TEXTS.activeCerts}${stats.activeCertificates}`,
    );
  },
};

export const CardLeadsToFilteredCertificates: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: new RegExp(TEXTS.expiredCerts) }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: CERTIFICATES_TEXTS.title }));
    const table = within(await canvas.findByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel }));
    await waitFor(() =>
      expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['SN-1004', 'SN-1011']),
    );
  },
};

/** A recent activity opens its certificate's page. */
export const ActivityLeadsToTheCertificate: Story = {
  play: async ({ canvas, userEvent }) => {
    const activity = await tableNamed(canvas, TEXTS.recentActivity);
    await userEvent.click(await activity.findByRole('link', { name: 'Activated certificate SN-1002' }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: 'SN-1002' }));
  },
};

export const OverviewRowLeadsToFilteredCertificates: Story = {
  play: async ({ canvas, userEvent }) => {
    const overview = within(await canvas.findByRole('region', { name: TEXTS.overview }));
    await userEvent.click(overview.getByRole('link', { name: /Revoked/ }));
    const table = within(await canvas.findByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel }));
    await waitFor(() =>
      expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['SN-1005', 'SN-1010']),
    );
  },
};

const ATTENTION = LICENSE_TERMS_TEXTS.attention;
const attentionPanel = async (canvas: Canvas) =>
  within(await canvas.findByRole('region', { name: ATTENTION.heading }));

/** Under the counters: how many certificates are overdue for a check-in, the first by name, a link to them all. */
export const NeedsAttention: Story = {
  play: async ({ canvas }) => {
    const panel = await attentionPanel(canvas);
    await visible(() => panel.getByText(ATTENTION.overdueCount(1)));
    const list = within(panel.getByRole('list', { name: ATTENTION.listLabel }));
    await expect(list.getByRole('link', { name: 'SN-1003' })).toHaveAttribute(
      'href',
      `/certificates/${mockCertificates[2]!.uuid}`,
    );
    await visible(() => list.getByText(ATTENTION.lastCheckIn('Jan 3, 2025')));
    await expect(panel.getByRole('link', { name: ATTENTION.showAll })).toHaveAttribute(
      'href',
      '/certificates?checkIn=overdue',
    );
  },
};

/** None overdue: the panel stays, in one calm line, so the page does not shift as the count comes and goes. */
export const NothingNeedsAttention: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    const store = createCertificateStore(createMockCertificates().filter((c) => !c.checkInOverdue));
    msw.use(...certificateHandlers(store), ...dashboardHandlers({ certificates: store.certificates }));
  },
  play: async ({ canvas }) => {
    const panel = await attentionPanel(canvas);
    await visible(() => panel.getByText(ATTENTION.allClear));
    await expect(panel.queryByRole('link')).toBeNull();
  },
};

/** The panel's own call failed: it says so in the panel; the counters and lists above are unaffected. */
export const NeedsAttentionFails: Story = {
  beforeEach: ({ msw }) => msw.use(dashboardFailures.overdueCheckIns()),
  play: async ({ canvas }) => {
    const panel = await attentionPanel(canvas);
    await visible(() => panel.getByText(LIST_TEXTS.notLoaded));
  },
};

/** The panel's link opens the certificates list filtered to the overdue ones. */
export const NeedsAttentionLeadsToTheList: Story = {
  play: async ({ canvas, userEvent }) => {
    const panel = await attentionPanel(canvas);
    await userEvent.click(await panel.findByRole('link', { name: ATTENTION.showAll }));
    const table = within(await canvas.findByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel }));
    await waitFor(() =>
      expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['SN-1003']),
    );
    await expect(
      canvas.getByRole('checkbox', { name: LICENSE_TERMS_TEXTS.list.overdueFilter }),
    ).toBeChecked();
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Populated), tags: ['visual'] };
