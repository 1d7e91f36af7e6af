import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_TEXTS as TEXTS, ACTIVITY_TYPES, MESSAGES } from '../../contract';
import {
  address,
  createRequestSpy,
  withLocation,
  type Canvas,
  type UserEvent,
  catchDownloads,
  visible,
} from '../../../.storybook/story-helpers';
import { mockUsers } from '../../../mocks/fixtures';
import { mockAuditLog, mockTransferAndPreferenceActivity } from '../../../mocks/fixtures/activity';
import { activityMocks } from '../../../mocks/handlers/activity';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import { clientPath, userPath } from '../../lib/routing/entity-paths';
import { ActivityPage } from './ActivityPage';
import { descriptionsShown, freshActivityData, table } from '../../../.storybook/areas/activity';

const { recorded, spyOn } = createRequestSpy();

// What the Activity screen does: its filters (kept in the URL), order, paging, export and links. The page alone in
// a router at /activity, so the stories can read the address; CertificateLinkOpensItsPage in ActivityPage.stories.tsx
// follows a link to the page it opens, through the whole console.
const meta = {
  title: 'Activity/Filters and links',
  component: ActivityPage,
  parameters: { session: { signedInAs: 'admin' }, route: '/activity' },
  decorators: withLocation,
  beforeEach: ({ msw }) => {
    recorded.length = 0;
    freshActivityData({ msw });
  },
} satisfies Meta<typeof ActivityPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const choose = async (canvas: Canvas, userEvent: UserEvent, select: string, option: string) => {
  await userEvent.click(canvas.getByRole('button', { name: new RegExp(`${select}$`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

export const FiltersByActorAndAction: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await choose(canvas, userEvent, TEXTS.filters.actor, mockUsers.admin.name);
    await waitFor(async () =>
      expect(await descriptionsShown(canvas)).toEqual([
        'Activated certificate SN-1002',
        'Updated client Acme Animation: contact email',
        'Assigned Acme Animation to Edith Editor',
      ]),
    );
    await choose(canvas, userEvent, TEXTS.filters.action, 'Certificate activated');
    await waitFor(async () =>
      expect(await descriptionsShown(canvas)).toEqual(['Activated certificate SN-1002']),
    );
    await expect(address(canvas)).toHaveTextContent(
      `/activity?actorId=${mockUsers.admin.uuid}&action=certificate.activated`,
    );
    // Clear filters shows the whole log again.
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.filters.clear }));
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await expect(address(canvas)).toHaveTextContent(/^\/activity$/);
  },
};

/**
 * The action filter offers every type the server writes, by its label; a transfer and a change of reminders are
 * found by theirs, and their rows read as words, not as the raw type.
 */
export const FiltersByTransfersAndPreferenceChanges: Story = {
  beforeEach: ({ msw }) =>
    msw.use(...dashboardHandlers({ activities: [...mockAuditLog, ...mockTransferAndPreferenceActivity] })),
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(`${TEXTS.filters.action}$`) }));
    const listbox = within(await screen.findByRole('listbox'));
    await expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual([
      TEXTS.filters.anyAction,
      ...ACTIVITY_TYPES.map((type) => ACTIVITY_ACTION_LABELS[type]),
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    const actionShown = async () =>
      within((await table(canvas)).getAllByRole('row')[1]!).getAllByRole('gridcell')[2];
    await choose(canvas, userEvent, TEXTS.filters.action, 'Certificate transferred');
    await waitFor(async () =>
      expect(await descriptionsShown(canvas)).toEqual([
        'Certificate SN-1010 for Blue Harbor Films transferred to SN-2010',
      ]),
    );
    await expect(await actionShown()).toHaveTextContent('Certificate transferred');
    await expect(address(canvas)).toHaveTextContent(/^\/activity\?action=certificate\.transferred$/);

    await choose(canvas, userEvent, TEXTS.filters.action, 'Expiry reminders changed');
    await waitFor(async () =>
      expect(await descriptionsShown(canvas)).toEqual([
        `${mockUsers.viewer.name} turned expiry reminders off (unsubscribe link)`,
      ]),
    );
    await expect(await actionShown()).toHaveTextContent('Expiry reminders changed');
    await expect(address(canvas)).toHaveTextContent(/^\/activity\?action=user\.preferences_changed$/);
  },
};

export const SearchIsDebouncedAndInTheUrl: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/dashboard/activity')),
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    recorded.length = 0;
    await userEvent.type(canvas.getByRole('searchbox', { name: TEXTS.filters.search }), 'refused');
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(2));
    // One call for the whole word, not one per keystroke.
    await expect(recorded.map((call) => call.url.searchParams.get('search'))).toEqual(['refused']);
    await expect(address(canvas)).toHaveTextContent('/activity?search=refused');
  },
};

export const DaysFromTheAddress: Story = {
  // Both days are included: the API's half-open range ends at the midnight after `to`.
  parameters: { route: '/activity?from=2025-01-14&to=2025-01-14&type=certificate' },
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/dashboard/activity')),
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect(await descriptionsShown(canvas)).toEqual(['Downloaded licence of SN-1003']),
    );
    const query = recorded.at(-1)!.url.searchParams;
    await expect([query.get('from'), query.get('to'), query.get('type')]).toEqual([
      String(Date.UTC(2025, 0, 14)),
      String(Date.UTC(2025, 0, 15)),
      'certificate',
    ]);
    await expect(canvas.getByRole('group', { name: TEXTS.filters.from })).toHaveTextContent('1/14/2025');
  },
};

export const SortsByTimeAndPages: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await userEvent.click((await table(canvas)).getByRole('columnheader', { name: /Time/ }));
    await waitFor(async () =>
      expect((await descriptionsShown(canvas))[0]).toBe('Created certificate SN-1007'),
    );
    await expect(address(canvas)).toHaveTextContent('/activity?order=asc');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await visible(() => canvas.getByText('Showing 11 to 14 of 14 entries'));
    await waitFor(async () =>
      expect((await descriptionsShown(canvas)).at(-1)).toBe('Olivia Owner signed in from 203.0.113.10'),
    );
    await expect(address(canvas)).toHaveTextContent('/activity?order=asc&page=2');
  },
};

export const ExportsTheFilteredLog: Story = {
  parameters: { route: '/activity?type=user&order=asc' },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(5));
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
      await waitFor(() => expect(downloads.saved.map((file) => file.fileName)).toEqual(['activity.csv']));
      const lines = (await (await fetch(downloads.saved[0]?.href ?? '')).text()).trim().split('\r\n');
      await expect(lines[0]).toBe('Time,Actor,Action,Type,Target ID,Description');
      // The user activity, oldest first, as on screen.
      await expect(lines).toHaveLength(6);
      await expect(lines[1]).toContain('auth.sign_in_refused,user');
    } finally {
      downloads.restore();
    }
  },
};

export const ExportFailed: Story = {
  beforeEach: ({ msw }) => msw.use(activityMocks.exportFails()),
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
    await visible(() => screen.getByText(TEXTS.exportFailed));
    await visible(() => screen.getByText(MESSAGES.internal));
  },
};

export const ClientLinkOpensItsPage: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = await table(canvas);
    await userEvent.click(await grid.findByRole('link', { name: /^Client: Updated client Acme/ }));
    await expect(address(canvas)).toHaveTextContent(clientPath('20000000-0000-4000-8000-000000000001'));
  },
};

export const UserLinkOpensTheirPage: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = await table(canvas);
    await userEvent.click(await grid.findByRole('link', { name: /^Olivia Owner: Olivia Owner signed in/ }));
    await expect(address(canvas)).toHaveTextContent(userPath(mockUsers.owner.uuid));
  },
};
