import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS, PAGE_SIZE_TEXTS } from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  catchDownloads,
  createRequestSpy,
  pointerAway,
  type Canvas,
  visible,
} from '../../../.storybook/story-helpers';
import { certificateFailures, certificatesNeverAnswer } from '../../../mocks/handlers/certificates';
import { certificatesPageMeta, findRow, serialsShown } from '../../../.storybook/areas/certificates';
import { LICENSE_TERMS_TEXTS as TERMS } from '../../contract/texts/license-terms';

const { recorded, spyOn } = createRequestSpy();

// Sorting, page size and the true counters of the certificates list.
const meta = {
  title: 'Certificates/List',
  ...certificatesPageMeta,
  beforeEach: (context) => {
    recorded.length = 0;
    localStorage.removeItem('lc.pageSize.certificates');
    certificatesPageMeta.beforeEach(context);
    context.msw.use(spyOn('get', '/certificates'), spyOn('get', '/certificates/export'));
  },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const counted = (canvas: Canvas) =>
  within(canvas.getByLabelText(TEXTS.summaryLabel))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
const lastListQuery = () =>
  recorded.filter((request) => request.url.pathname.endsWith('/certificates')).at(-1)?.url.searchParams;

/** A sort from the address shows on its header; a header press sorts, again reverses; the export follows. */
export const Sorted: Story = {
  tags: ['visual'],
  args: { path: '/certificates?sort=validTo&order=desc' },
  play: async ({ canvas, userEvent }) => {
    const header = (name: RegExp) => within(document.body).getByRole('columnheader', { name });
    await waitFor(async () => expect((await serialsShown(canvas))[0]).toBe('SN-1007'));
    await waitFor(() => expect(header(/Validity Period/)).toHaveAttribute('aria-sort', 'descending'));
    await expect((await serialsShown(canvas)).slice(0, 3)).toEqual(['SN-1007', 'SN-1001', 'SN-1013']);
    await userEvent.click(header(/Serial Number/));
    await waitFor(async () => expect((await serialsShown(canvas))[0]).toBe('SN-1001'));
    await expect(header(/Serial Number/)).toHaveAttribute('aria-sort', 'ascending');
    await expect(lastListQuery()?.get('sort')).toBe('serialNumber');
    await userEvent.click(header(/Serial Number/));
    await waitFor(async () => expect((await serialsShown(canvas))[0]).toBe('SN-1013'));
    await expect(lastListQuery()?.get('order')).toBe('desc');
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      const exported = recorded.find((request) => request.url.pathname.endsWith('/export'));
      await expect(exported?.url.searchParams.get('sort')).toBe('serialNumber');
      await expect(exported?.url.searchParams.get('order')).toBe('desc');
    } finally {
      downloads.restore();
    }
    await pointerAway(userEvent);
  },
};

/** 25 a page: every certificate fits, Previous/Next go, the choice stays to go back; it is remembered. */
export const PageSize: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, 'SN-1001');
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(PAGE_SIZE_TEXTS.label) }));
    await userEvent.click(await screen.findByRole('option', { name: PAGE_SIZE_TEXTS.option(25) }));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(13));
    await expect(lastListQuery()?.get('limit')).toBe('25');
    await expect(localStorage.getItem('lc.pageSize.certificates')).toBe('25');
    await visible(() => canvas.getByText('Showing 1 to 13 of 13 certificates'));
    await expect(canvas.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await pointerAway(userEvent);
  },
};

/** A page size in the address wins over the remembered one. */
export const PageSizeFromTheAddress: Story = {
  args: { path: '/certificates?limit=50' },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(13));
    await expect(lastListQuery()?.get('limit')).toBe('50');
  },
};

/** The counters count what the search and client filter match, whatever the status filter. */
export const CountersFollowTheSearch: Story = {
  args: { path: '/certificates?search=cobalt&status=pending' },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1007']));
    await expect(counted(canvas)).toEqual([
      'Total 4',
      'Active 2',
      'Pending 1',
      'Expired 1',
      'Revoked 0',
      'Distributed 0',
    ]);
  },
};

/** While the first answer loads, each counter shows a placeholder, never a zero. */
export const CountersLoading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificatesNeverAnswer()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.loading));
    const counters = canvas.getByLabelText(TEXTS.summaryLabel);
    await expect(counters).toHaveAttribute('aria-busy', 'true');
    await expect(within(counters).queryByText('0')).not.toBeInTheDocument();
  },
};

/** After an error the counters show no number. */
export const CountersUnavailable: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.list('Database is unavailable')),
  play: async ({ canvas }) => {
    await canvas.findAllByRole('alert');
    await expect(
      within(canvas.getByLabelText(TEXTS.summaryLabel)).getAllByText(TEXTS.counterUnavailable),
    ).toHaveLength(6);
  },
};

const overdueBox = (canvas: Canvas) => canvas.getByRole('checkbox', { name: TERMS.list.overdueFilter });

/**
 * `?checkIn=overdue`: only the certificates whose machines are overdue for a check-in, the box ticked, the counters
 * counting them; the export and "select all" follow.
 */
export const FilteredOverdue: Story = {
  tags: ['visual'],
  args: { path: '/certificates?checkIn=overdue' },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1003']));
    await expect(overdueBox(canvas)).toBeChecked();
    await expect(lastListQuery()?.get('checkIn')).toBe('overdue');
    const row = await findRow(canvas, 'SN-1003');
    await visible(() => row.getByText(TERMS.badges.overdueLabel));
    await expect(counted(canvas)).toEqual([
      'Total 1',
      'Active 0',
      'Pending 0',
      'Expired 0',
      'Revoked 0',
      'Distributed 1',
    ]);
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      const exported = recorded.find((request) => request.url.pathname.endsWith('/export'));
      await expect(exported?.url.searchParams.get('checkIn')).toBe('overdue');
    } finally {
      downloads.restore();
    }
    await pointerAway(userEvent);
  },
};

/** Ticking the box narrows the list from page one; unticking shows every certificate again. */
export const OverdueFilterToggles: Story = {
  args: { path: '/certificates?page=2' },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(3));
    await userEvent.click(overdueBox(canvas));
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1003']));
    await expect(lastListQuery()?.get('checkIn')).toBe('overdue');
    await expect(lastListQuery()?.get('page')).toBe('1');
    await userEvent.click(overdueBox(canvas));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(10));
    await expect(lastListQuery()?.get('checkIn')).toBeNull();
  },
};

/** The last check-in's day shows under the last use; a certificate never checked in shows nothing more. */
export const LastCheckIn: Story = {
  play: async ({ canvas }) => {
    const row = await findRow(canvas, 'SN-1002');
    await visible(() => row.getByText(TERMS.list.lastCheckIn('Jan 13, 2025')));
    const never = await findRow(canvas, 'SN-1009');
    await expect(never.queryByText(/^Checked in/)).toBeNull();
  },
};
