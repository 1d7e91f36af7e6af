import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DASHBOARD_TEXTS as TEXTS, DAY_MS } from '../../../contract';
import { FIXED_NOW } from '#mocks/fixtures.ts';
import { activeCertificate } from '#mocks/fixtures/certificates.ts';
import { certificatePath } from '../../../lib/routing/entity-paths';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { pointerAway, visible } from '#storybook/story-helpers.tsx';
import {
  dashboardAsEditor,
  expirationAnswers,
  expiringShown,
  rowsOf,
  tableNamed,
} from '#storybook/areas/dashboard.ts';

// Expiring Certificates acting on a licence before it lapses: Renew by a year after a confirmation, the
// serial number linking to the certificate, and the pager past a hundred rows.
const meta = {
  title: 'Dashboard/Expiring certificates: renew and pages',
  ...dashboardAsEditor,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The confirmation says the end before → after; the renewed row leaves the 30-day list. */
export const DashboardRenewConfirm: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await expiringShown(canvas, 2);
    const table = await tableNamed(canvas, TEXTS.expiring);
    await userEvent.click(table.getByRole('button', { name: TEXTS.renewLabel('SN-1002') }));
    const dialog = within(await screen.findByRole('alertdialog', { name: TEXTS.renewTitle }));
    await visible(() => dialog.getByText(TEXTS.renewMessage('SN-1002', 'Jan 20, 2025', 'Jan 20, 2026')));
    await pointerAway(userEvent);
  },
};

export const DashboardRenew: Story = {
  play: async ({ canvas, userEvent }) => {
    await expiringShown(canvas, 2);
    const table = await tableNamed(canvas, TEXTS.expiring);
    await userEvent.click(table.getByRole('button', { name: TEXTS.renewLabel('SN-1002') }));
    const dialog = within(await screen.findByRole('alertdialog', { name: TEXTS.renewTitle }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.renewConfirm }));
    await visible(() => screen.getByText(TEXTS.renewedDescription('SN-1002', 'Jan 20, 2026')));
    await waitFor(async () =>
      expect((await rowsOf(canvas, TEXTS.expiring)).map((cells) => cells[0])).toEqual(['SN-1003']),
    );
  },
};

/** Each serial number links to the certificates list searched for it; a viewer sees no Renew. */
export const SerialLinksAndViewer: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await expiringShown(canvas, 2);
    const table = await tableNamed(canvas, TEXTS.expiring);
    await expect(table.getByRole('link', { name: 'SN-1002' })).toHaveAttribute(
      'href',
      certificatePath(activeCertificate.uuid),
    );
    await expect(table.queryByRole('button', { name: TEXTS.renewLabel('SN-1002') })).not.toBeInTheDocument();
    await expect(table.getAllByRole('columnheader')).toHaveLength(6);
  },
};

const requested: URLSearchParams[] = [];
const manyRows = Array.from({ length: 150 }, (_, n) => ({
  uuid: `7c000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  serialNumber: `SN-${String(5000 + n)}`,
  clientName: 'Acme Animation',
  studioCount: 1,
  userCount: 5,
  validTo: FIXED_NOW + (1 + Math.floor(n / 6)) * DAY_MS,
  daysUntilExpiry: 1 + Math.floor(n / 6),
  status: n % 2 ? ('distributed' as const) : ('active' as const),
}));

/**
 * 150 rows expiring: the pager shows past the first hundred, and the page and search go to the server. No screenshot:
 * a hundred rows make a very tall one, and the pager's look is the kit's, with its own baselines.
 */
export const ExpiringPager: Story = {
  beforeEach: ({ msw }) => {
    requested.length = 0;
    msw.use(
      expirationAnswers((query) => {
        requested.push(query);
        const page = Number(query.get('page'));
        const limit = Number(query.get('limit'));
        const search = query.get('search') ?? '';
        const rows = manyRows.filter((row) => row.serialNumber.includes(search));
        return {
          expiringCertificates: rows.slice((page - 1) * limit, page * limit),
          total: rows.length,
          page,
          limit,
        };
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await expiringShown(canvas, 100);
    const pager = within(canvas.getByRole('navigation', { name: TEXTS.paginationLabel }));
    await visible(() => pager.getByText('Showing 1 to 100 of 150 certificates'));
    await userEvent.click(pager.getByRole('button', { name: /Next/ }));
    await expiringShown(canvas, 50);
    await expect(requested.at(-1)?.get('page')).toBe('2');
    await expect(requested.at(-1)?.get('limit')).toBe('100');
    // A search asks the server again, from its first page.
    await userEvent.type(canvas.getByRole('searchbox', { name: TEXTS.expiringSearch }), 'SN-51');
    // Page 2 held 50 rows too: wait for the search's own request (sent once typing pauses), then its rows.
    await waitFor(() => expect(requested.at(-1)?.get('search')).toBe('SN-51'));
    await expect(requested.at(-1)?.get('page')).toBe('1');
    await waitFor(() =>
      expect(canvas.queryByRole('navigation', { name: TEXTS.paginationLabel })).not.toBeInTheDocument(),
    );
    await expect((await rowsOf(canvas, TEXTS.expiring))[0]?.[0]).toBe('SN-5100');
    await pointerAway(userEvent);
  },
};
