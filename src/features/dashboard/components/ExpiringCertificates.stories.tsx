import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { DASHBOARD_TEXTS as TEXTS, DAY_MS } from '../../../contract';
import { FIXED_NOW } from '#mocks/fixtures.ts';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import {
  dashboardAsEditor,
  expirationAnswers,
  expiringShown,
  rowsOf,
  tableNamed,
} from '#storybook/areas/dashboard.ts';
import { visible } from '#storybook/story-helpers.tsx';

// The dashboard's expiring certificates: its timeframe, its search and its rows, on the dashboard as an editor sees it.
const meta = {
  title: 'Dashboard/Expiring certificates',
  ...dashboardAsEditor,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Timeframe: Story = {
  play: async ({ canvas, userEvent }) => {
    await expiringShown(canvas, 2);
    await userEvent.click(canvas.getByRole('button', { name: /Timeframe/ }));
    await expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Next 7 days',
      'Next 15 days',
      'Next 30 days',
      'Next 60 days',
      'Next 90 days',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Next 60 days' }));
    await waitFor(async () =>
      expect((await rowsOf(canvas, TEXTS.expiring)).map((cells) => cells[0])).toEqual([
        'SN-1002',
        'SN-1003',
        'SN-1006',
      ]),
    );
    await expect((await tableNamed(canvas, TEXTS.expiring)).getByText('45 days')).toHaveAttribute(
      'data-level',
      'ok',
    );
    await userEvent.click(canvas.getByRole('button', { name: /Timeframe/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Next 7 days' }));
    await waitFor(async () =>
      expect((await rowsOf(canvas, TEXTS.expiring)).map((cells) => cells[0])).toEqual(['SN-1002']),
    );
  },
};

export const ExpiringSearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await expiringShown(canvas, 2);
    const search = canvas.getByRole('searchbox', { name: TEXTS.expiringSearch });
    await userEvent.type(search, 'blue harbor');
    await waitFor(async () =>
      expect((await rowsOf(canvas, TEXTS.expiring)).map((cells) => cells[0])).toEqual(['SN-1003']),
    );
    await userEvent.clear(search);
    await userEvent.type(search, 'sn-1002');
    await waitFor(async () =>
      expect((await rowsOf(canvas, TEXTS.expiring)).map((cells) => cells[0])).toEqual(['SN-1002']),
    );
    await userEvent.type(search, 'x');
    await visible(() => canvas.getByText(TEXTS.noExpiringMatch));
  },
};

/**
 * A page left open past a certificate's end: the list (loaded while it was still live) now shows the row as
 * 'Expired' with the EXPIRED badge, whatever its status, both computed by the console from validTo (docs/requirements.md#dashboard and #entities).
 */
export const ExpiredWhileOpen: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(
      expirationAnswers(() => ({
        expiringCertificates: [
          {
            uuid: '7b0e1c2d-3f4a-4b5c-8d6e-000000000099',
            serialNumber: 'SN-1099',
            clientName: 'Acme Animation',
            studioCount: 1,
            userCount: 2,
            validTo: FIXED_NOW - 3_600_000,
            daysUntilExpiry: 1,
            status: 'active',
          },
          {
            uuid: '7b0e1c2d-3f4a-4b5c-8d6e-000000000098',
            serialNumber: 'SN-1098',
            clientName: 'Blue Harbor Post',
            studioCount: 2,
            userCount: 5,
            validTo: FIXED_NOW + 20 * DAY_MS,
            daysUntilExpiry: 20,
            status: 'distributed',
          },
        ],
        total: 2,
        page: 1,
        limit: 100,
      })),
    ),
  play: async ({ canvas }) => {
    await expiringShown(canvas, 2);
    const [expired, live] = await rowsOf(canvas, TEXTS.expiring);
    await expect(expired).toEqual([
      'SN-1099',
      'Acme Animation',
      '1 studio, 2 users',
      expect.any(String),
      expect.stringMatching(/^Expired/),
      TEXTS.expiredBadge,
      TEXTS.renew,
    ]);
    await expect(live?.[4]).toMatch(/^20 days/);
    // The server's status, DISTRIBUTED, for a row still in force.
    await expect(live?.[5]).toBe(TEXTS.distributedBadge);
    await expect((await tableNamed(canvas, TEXTS.expiring)).getByText('Expired')).toHaveAttribute(
      'data-level',
      'expired',
    );
  },
};
