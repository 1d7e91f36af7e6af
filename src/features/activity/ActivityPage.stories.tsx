import {
  expectAccessDeniedToAnEditor,
  expectFitsThePhone,
  pageLoading,
  visible,
} from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ACTIVITY_TEXTS as TEXTS, CERTIFICATES_TEXTS, LAYOUT_TEXTS, MESSAGES } from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import { mockUsers } from '../../../mocks/fixtures';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import { clientPath, userPath } from '../../lib/routing/entity-paths';
import { activityMocks } from '../../../mocks/handlers/activity';
import { activityPageMeta, descriptionsShown, table } from '../../../.storybook/areas/activity';

// The Activity screen's states; its filters, links and export are in ActivityPage.filters.stories.tsx.
const meta = {
  title: 'Activity/Page',
  ...activityPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  tags: ['visual'],
  // Wide enough for the administration pages in the top bar (src/ui/styles/breakpoints.ts).
  globals: { viewport: { value: 'wide' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    const grid = await table(canvas);
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Time',
      'Actor',
      'Action',
      'About',
      'Description',
    ]);
    const first = within(grid.getAllByRole('row')[1]!);
    // A user is named once the actors (GET /users) have loaded; until then the row says only 'User'.
    await waitFor(() => expect(first.getAllByRole('gridcell')[3]).toHaveTextContent('Olivia Owner'));
    await expect(first.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'Jan 15, 2025, 11:30 AM UTC',
      'Olivia Owner',
      'Signed in',
      'Olivia Owner',
    ]);
    await expect(first.getByRole('rowheader')).toHaveTextContent('Olivia Owner signed in from 203.0.113.10');
    // Each kind of row links to the page of what it is about; an API token or a deleted user is only named.
    await expect(grid.getAllByRole('link', { name: /^Certificate:/ })).toHaveLength(4);
    await expect(grid.getByRole('link', { name: /^Client: Updated client Acme/ })).toHaveAttribute(
      'href',
      clientPath('20000000-0000-4000-8000-000000000001'),
    );
    await expect(grid.getByRole('link', { name: /^Edith Editor: Assigned/ })).toHaveAttribute(
      'href',
      userPath(mockUsers.editor.uuid),
    );
    await visible(() => grid.getByText('API token'));
    await visible(() => canvas.getByText('Showing 1 to 10 of 14 entries'));
    await visible(() => canvas.getByRole('button', { name: TEXTS.exportCsv }));
    // The navigation offers the page to owners and admins.
    const navigation = within(canvas.getByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation }));
    await expect(navigation.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  },
};

export const EmptyLog: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...dashboardHandlers({ activities: [] })),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.empty));
    await expect(canvas.queryByText(/^Showing/)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: TEXTS.filters.clear })).not.toBeInTheDocument();
  },
};

export const FilteredWithNoMatch: Story = {
  tags: ['visual'],
  args: { path: '/activity?search=no-such-thing&type=client' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.emptyFiltered));
    await expect(canvas.getByRole('searchbox', { name: TEXTS.filters.search })).toHaveValue('no-such-thing');
    await expect(canvas.getByRole('button', { name: /Type$/ })).toHaveTextContent('Client');
    await visible(() => canvas.getByRole('button', { name: TEXTS.filters.clear }));
  },
};

export const Loading: Story = { ...pageLoading('/dashboard/activity', TEXTS.loading), tags: ['visual'] };

export const LoadFailed: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(activityMocks.listFails()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.internal);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

/** Editors and viewers never see the page: the route shows Access Denied in its place, and the navigation omits it. */
export const AccessDeniedForAnEditor: Story = {
  tags: ['visual'],
  args: { path: '/activity', history: ['/'] },
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => expectAccessDeniedToAnEditor(canvas, TEXTS.title),
};

export const Phone: Story = {
  tags: ['visual'],
  // A real phone viewport (.storybook/viewports.ts), so the console's own media queries apply.
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await descriptionsShown(canvas)).toHaveLength(10));
    await expectFitsThePhone();
    await visible(() => canvas.getByText('Showing 1 to 10 of 14 entries'));
  },
};

/** A certificate's row opens the certificate's own page, with its history. */
export const CertificateLinkOpensItsPage: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = await table(canvas);
    await userEvent.click(
      await grid.findByRole('link', { name: `${TEXTS.about.certificate}: Revoked certificate SN-1005` }),
    );
    await visible(() => canvas.getByRole('heading', { level: 1, name: 'SN-1005' }));
    const history = await canvas.findByRole('list', { name: CERTIFICATES_TEXTS.history.title('SN-1005') });
    await expect(within(history).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};
