import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CLIENTS_ERRORS, CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS, PAGE_TITLES } from '../../contract';
import { createDirectoryData, createMockClients } from '../../../mocks/fixtures/users-clients';
import { clientsMocks, directoryHandlers } from '../../../mocks/handlers/directory';
import { ClientsPage } from './ClientsPage';
import {
  address,
  buttonsOf,
  directoryPage,
  expectListPage,
  listOnThePhone,
  pageLoading,
  rowNames,
  rowNow,
  rowOf,
  toastWith,
  visible,
  withLocation,
} from '../../../.storybook/story-helpers';

const { recorded, spyOn, meta: directory } = directoryPage('/clients');

// The table's column headers; the first is the select-all checkbox's.
const COLUMNS = [
  '',
  'Company Name',
  'Contact Email',
  'Contact Phone',
  'Status',
  'Certificates',
  'Created',
  'Actions',
];

// The page's own states; each dialog's stories are beside it in components/.
const meta = {
  title: 'Clients/Clients page',
  component: ClientsPage,
  ...directory,
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expectListPage(canvas, PAGE_TITLES.clients, { label: CLIENTS_TEXTS.tableLabel, headers: COLUMNS }, [
      CLIENTS_TEXTS.addClient,
      CLIENTS_TEXTS.exportCsv,
    ]);
    const acme = await rowOf(canvas, 'Acme Studios');
    await expect(acme.getByRole('link', { name: 'Acme Studios' })).toHaveAttribute(
      'href',
      '/clients/30000000-0000-4000-8000-000000000001',
    );
    await visible(() => acme.getByText('licensing@acme.test'));
    await visible(() => acme.getByText('+1 555 0100'));
    await visible(() => acme.getByText('Active'));
    await visible(() => acme.getByText('12 total'));
    await visible(() => acme.getByText('9 active'));
    await visible(() => acme.getByText('Sep 17, 2024'));
    await expect(buttonsOf(acme)).toEqual(['Edit', 'Users', 'Delete']);
    const cobalt = await rowOf(canvas, 'Cobalt Post');
    await visible(() => cobalt.getByText(LIST_TEXTS.notProvided));
    const fjord = await rowOf(canvas, 'Fjord Pictures');
    await expect(fjord.getAllByText(LIST_TEXTS.notProvided)).toHaveLength(2);
    await visible(() => rowNow(canvas, 'Dune Animation').getByText('Inactive'));
    await visible(() => canvas.getByText('Showing 1 to 10 of 12 clients'));
  },
};

export const Loading: Story = { ...pageLoading('/clients', CLIENTS_TEXTS.loading), tags: ['visual'] };

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...directoryHandlers(createDirectoryData({ clients: [] }))),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(CLIENTS_TEXTS.empty));
  },
};

export const ErrorBannerAndLoadFailedToast: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CLIENTS_ERRORS.fetchClients);
    await toastWith(CLIENTS_TOASTS.loadFailed.title, CLIENTS_TOASTS.loadFailed.description);
  },
};

/** The banner once the Load Failed toast has gone (the toast appears at load, when a screenshot of it is not steady). */
export const ErrorBanner: Story = {
  tags: ['visual'],
  // The toast must close by itself here: this story shows the page after it has gone.
  parameters: { toasts: 'timed' },
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CLIENTS_ERRORS.fetchClients);
    await waitFor(() => expect(screen.queryByText(CLIENTS_TOASTS.loadFailed.title)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  },
};

export const ErrorBannerWithServerMessage: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsWith('Internal server error')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error');
  },
};

/** Retry on the banner loads again: the rows come, the banner goes. */
export const RetryAfterLoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.listFailsOnceWith('Internal server error')),
  play: async ({ canvas, userEvent }) => {
    const banner = await canvas.findByRole('alert');
    await expect(banner).toHaveTextContent('Internal server error');
    await expect(canvas.queryByRole('grid', { name: CLIENTS_TEXTS.tableLabel })).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await expect(await rowOf(canvas, 'Acme Studios')).toBeTruthy();
    await waitFor(() => expect(canvas.queryByText('Internal server error')).not.toBeInTheDocument());
  },
};

export const AdminView: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas }) => {
    await expect(buttonsOf(await rowOf(canvas, 'Acme Studios'))).toEqual(['Edit', 'Users', 'Delete']);
    await visible(() => canvas.getByRole('button', { name: CLIENTS_TEXTS.addClient }));
  },
};

export const EditorView: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    // Editors create and edit; deleting and assigning users are for owners and admins.
    await expect(buttonsOf(await rowOf(canvas, 'Acme Studios'))).toEqual(['Edit']);
    await visible(() => canvas.getByRole('button', { name: CLIENTS_TEXTS.addClient }));
  },
};

export const ViewerView: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    const acme = await rowOf(canvas, 'Acme Studios');
    await expect(buttonsOf(acme)).toEqual([]);
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CLIENTS_TEXTS.addClient })).not.toBeInTheDocument();
    await visible(() => canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv }));
    await visible(() => acme.getByRole('link', { name: 'Acme Studios' }));
  },
};

export const Phone: Story = {
  ...listOnThePhone('Acme Studios', 'Showing 1 to 10 of 12 clients'),
  tags: ['visual'],
};

/**
 * Long contact addresses at a small laptop's width: they wrap after their '@' (`EmailAddress`), so the table fits its
 * frame with every button in reach. Unbroken, the bench's `licensing10000@client10000.example` made the
 * table 53 px wider than its frame at 1024 px and cut the Actions column.
 */
export const LongEmailsAtLaptopWidth: Story = {
  globals: { viewport: { value: 'laptop' } },
  beforeEach: ({ msw }) => {
    const clients = createMockClients().map((client, index) => ({
      ...client,
      contactEmail: client.contactEmail && `licensing${10_000 + index}@client${10_000 + index}.example`,
    }));
    msw.use(...directoryHandlers(createDirectoryData({ clients })));
  },
  play: async ({ canvas }) => {
    const acme = await rowOf(canvas, 'Acme Studios');
    await visible(() => acme.getByText('licensing10000@client10000.example'));
    const scroller = canvas.getByRole('grid', { name: CLIENTS_TEXTS.tableLabel }).parentElement!;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    await visible(() => acme.getByRole('button', { name: CLIENTS_TEXTS.edit }));
  },
};

export const Search: Story = {
  decorators: withLocation,
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    recorded.length = 0;
    await userEvent.type(canvas.getByRole('searchbox', { name: CLIENTS_TEXTS.searchLabel }), 'granite');
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Granite VFX']));
    await expect(recorded.map((call) => call.url.searchParams.get('search'))).toEqual(['granite']);
    await expect(address(canvas)).toHaveTextContent('/clients?search=granite');
  },
};

export const StatusFilter: Story = {
  decorators: withLocation,
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    recorded.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    // The filter goes to the server (`status`), not just the screen.
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Dune Animation', 'Helix Games']));
    await expect(recorded.at(-1)?.url.searchParams.get('status')).toBe('inactive');
    await expect(address(canvas)).toHaveTextContent('/clients?status=inactive');
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: LIST_TEXTS.statusAll }));
    // The unfiltered rows come back from the cache at once; the call that refreshes them follows.
    await waitFor(() => expect(recorded.at(-1)?.url.searchParams.has('status')).toBe(false));
    await waitFor(() => expect(rowNames(canvas)).toHaveLength(10));
    await expect(address(canvas)).toHaveTextContent(/^\/clients$/);
  },
};

export const FiltersFromTheUrl: Story = {
  tags: ['visual'],
  parameters: { route: '/clients?status=active&search=a' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(rowNames(canvas)).not.toContain('Dune Animation'));
    await expect(canvas.getByRole('searchbox', { name: CLIENTS_TEXTS.searchLabel })).toHaveValue('a');
    await expect(canvas.getByRole('button', { name: /Status/ })).toHaveTextContent('Active');
  },
};

export const NoMatch: Story = {
  parameters: { route: '/clients?search=zzz' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(CLIENTS_TEXTS.emptyFiltered));
  },
};

export const Paging: Story = {
  decorators: withLocation,
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await visible(() => canvas.getByText('Showing 11 to 12 of 12 clients'));
    await waitFor(() => expect(rowNames(canvas)).toEqual(['Kite Editorial', 'Lumen Labs']));
    await expect(address(canvas)).toHaveTextContent('/clients?page=2');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await visible(() => canvas.getByText('Showing 1 to 10 of 12 clients'));
  },
};

export const ExportCsvWithTheFilters: Story = {
  parameters: { route: '/clients?status=inactive&search=dune' },
  beforeEach: ({ msw }) => msw.use(spyOn('get', '/clients/export')),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Dune Animation');
    await userEvent.click(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    await expect(recorded[0]?.url.search).toBe('?search=dune&status=inactive');
    await expect(await canvas.findByRole('button', { name: CLIENTS_TEXTS.exportCsv })).toBeEnabled();
    await expect(screen.queryByText(CLIENTS_TOASTS.exportFailed.title)).not.toBeInTheDocument();
  },
};

export const ExportFailed: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.exportFailsWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    await userEvent.click(canvas.getByRole('button', { name: CLIENTS_TEXTS.exportCsv }));
    await toastWith(CLIENTS_TOASTS.exportFailed.title, CLIENTS_TOASTS.exportFailed.description);
  },
};
