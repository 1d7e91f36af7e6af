import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Button } from '../Button';
import type { DataTableColumn } from '../DataTable';
import { StatusBadge } from '../StatusBadge';
import { PlainTable } from './PlainTable';
import { visible } from '../../../.storybook/story-helpers';

interface Expiring {
  uuid: string;
  serialNumber: string;
  clientName: string;
  expires: string;
}

const expiring: Expiring[] = [
  { uuid: 'c1', serialNumber: 'SN-1001', clientName: 'Acme Studios', expires: 'Feb 3, 2026' },
  { uuid: 'c2', serialNumber: 'SN-1002', clientName: 'Blue Harbor Films', expires: 'Feb 9, 2026' },
  { uuid: 'c3', serialNumber: 'SN-1003', clientName: 'Northwind Post', expires: 'Feb 21, 2026' },
];

const columns: DataTableColumn<Expiring>[] = [
  { id: 'serial', header: 'Certificate Number', cell: (row) => row.serialNumber, isRowHeader: true },
  { id: 'client', header: 'Client', cell: (row) => row.clientName },
  { id: 'expires', header: 'Expiry Date', cell: (row) => row.expires, noWrap: true },
  { id: 'status', header: 'Status', cell: () => <StatusBadge status="active">ACTIVE</StatusBadge> },
];

const onRenew = fn();

interface ExampleProps {
  rows?: Expiring[];
  isLoading?: boolean;
  error?: string | null;
  hasActions?: boolean;
  width?: number;
}

/** An expiring-certificates-like table, as the dashboard shows one. */
function ExpiringTable({ rows, isLoading, error, hasActions = false, width }: ExampleProps) {
  return (
    <div style={{ width }}>
      <PlainTable
        aria-label="Expiring Certificates"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.uuid}
        isLoading={isLoading}
        loadingLabel="Loading certificates..."
        error={error}
        emptyText="No certificates expiring in the selected timeframe."
        rowActions={
          hasActions
            ? (row) => (
                <Button size="sm" onPress={() => onRenew(row.uuid)} aria-label={`Renew ${row.serialNumber}`}>
                  Renew
                </Button>
              )
            : undefined
        }
      />
    </div>
  );
}

const meta = {
  title: 'UI/PlainTable',
  component: ExpiringTable,
  subcomponents: { PlainTable },
  tags: ['autodocs', 'visual', 'dark'],
  args: { rows: expiring },
  beforeEach: () => {
    onRenew.mockClear();
  },
} satisfies Meta<typeof ExpiringTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Expiring Certificates' });
    await expect(within(table).getAllByRole('row')).toHaveLength(expiring.length + 1);
    await visible(() => within(table).getByRole('rowheader', { name: 'SN-1002' }));
    await visible(() => within(table).getByRole('columnheader', { name: 'Expiry Date' }));
  },
};

export const Loading: Story = {
  args: { rows: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading certificates...');
    await expect(canvas.getByRole('table').parentElement).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('No certificates expiring in the selected timeframe.'));
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  args: { error: 'Failed to fetch certificate expiration data.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch certificate expiration data.');
    await expect(canvas.queryByText('SN-1001')).not.toBeInTheDocument();
  },
};

/** No grid's arrow keys: Tab goes from one row's button to the next, and Enter presses it. */
export const RowActionsByKeyboard: Story = {
  args: { hasActions: true },
  // It ends on a pressed, focused button, a look that is not worth a baseline (NarrowScreen shows the buttons).
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('columnheader', { name: 'Actions' }));
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Renew SN-1001' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Renew SN-1002' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRenew).toHaveBeenCalledWith('c2');
  },
};

/** In a phone-wide box each row is a card, as a DataTable's: every value under its column's header. */
export const NarrowScreen: Story = {
  args: { hasActions: true, width: 320 },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Expiring Certificates' });
    const scroller = table.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    // Still a row of cells to assistive technology, though each is shown as a block.
    await expect(within(table).getAllByRole('row')).toHaveLength(expiring.length + 1);
    const client = within(canvas.getByRole('row', { name: /SN-1002/ })).getByText('Blue Harbor Films');
    await expect(getComputedStyle(client, '::before').content).toContain('Client');
  },
};

/** Wider than its box above the fixed card width (420 px for a few columns), the table is cards there too. */
export const TooWideForItsBox: Story = {
  tags: ['!dark'],
  args: { hasActions: true, width: 460 },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Expiring Certificates' });
    const scroller = table.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const client = within(canvas.getByRole('row', { name: /SN-1002/ })).getByText('Blue Harbor Films');
    await expect(getComputedStyle(client, '::before').content).toContain('Client');
  },
};
