import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { RoleName } from '../../contract/roles';
import { Button } from '../Button';
import { RoleBadge } from '../RoleBadge';
import { DataTable, type DataTableColumn, type SortDescriptor } from './DataTable';
import { visible } from '../../../.storybook/story-helpers';

interface StaffMember {
  uuid: string;
  name: string;
  email: string;
  role: RoleName;
  lastLogin: string;
}

const staff: StaffMember[] = [
  { uuid: 'u1', name: 'Olivia Owner', email: 'olivia@example.test', role: 'owner', lastLogin: '1/15/2026' },
  { uuid: 'u2', name: 'Adam Admin', email: 'adam@example.test', role: 'admin', lastLogin: 'Never' },
  { uuid: 'u3', name: 'Erin Editor', email: 'erin@example.test', role: 'editor', lastLogin: '1/10/2026' },
  { uuid: 'u4', name: 'Victor Viewer', email: 'victor@example.test', role: 'viewer', lastLogin: 'Never' },
];

const columns: DataTableColumn<StaffMember>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true, allowsSorting: true },
  { id: 'email', header: 'Email', cell: (row) => row.email, allowsSorting: true },
  { id: 'role', header: 'Role', cell: (row) => <RoleBadge role={row.role} /> },
  { id: 'lastLogin', header: 'Last Login', cell: (row) => row.lastLogin, noWrap: true },
];

const onEdit = fn();
const onDelete = fn();
const onSortChange = fn();

interface ExampleProps {
  rows?: StaffMember[];
  isLoading?: boolean;
  error?: string | null;
  hasActions?: boolean;
  isSortable?: boolean;
  width?: number;
}

/** A users-like table; sorting is kept in state the way a screen keeps it (in the URL or the query). */
function StaffTable({ rows, isLoading, error, hasActions = false, isSortable = false, width }: ExampleProps) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const sorted = useMemo(() => {
    if (!rows || !isSortable) return rows;
    const key = sort.column as 'name' | 'email';
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => a[key].localeCompare(b[key]) * factor);
  }, [rows, isSortable, sort]);
  return (
    <div style={{ width }}>
      <DataTable
        aria-label="Users"
        columns={isSortable ? columns : columns.map((column) => ({ ...column, allowsSorting: false }))}
        rows={sorted}
        getRowId={(row) => row.uuid}
        isLoading={isLoading}
        loadingLabel="Loading users..."
        error={error}
        emptyText="No users found."
        sortDescriptor={isSortable ? sort : undefined}
        onSortChange={(descriptor) => {
          onSortChange(descriptor);
          setSort(descriptor);
        }}
        rowActions={
          hasActions
            ? (row) => (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => onEdit(row.uuid)}
                    aria-label={`Edit ${row.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    onPress={() => onDelete(row.uuid)}
                    aria-label={`Delete ${row.name}`}
                  >
                    Delete
                  </Button>
                </>
              )
            : undefined
        }
      />
    </div>
  );
}

const meta = {
  title: 'UI/DataTable',
  component: StaffTable,
  // The Docs page's props table of the kit component itself, beside the example that shows it.
  subcomponents: { DataTable },
  tags: ['autodocs', 'visual', 'dark'],
  args: { rows: staff },
  beforeEach: () => {
    onEdit.mockClear();
    onDelete.mockClear();
    onSortChange.mockClear();
  },
} satisfies Meta<typeof StaffTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: 'Users' });
    await expect(within(table).getAllByRole('row')).toHaveLength(staff.length + 1);
    await visible(() => within(table).getByRole('rowheader', { name: 'Adam Admin' }));
    await visible(() => within(table).getByRole('columnheader', { name: 'Last Login' }));
  },
};

export const Loading: Story = {
  args: { rows: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading users...');
    await expect(canvas.getByRole('grid', { name: 'Users' }).parentElement).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('No users found.'));
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  args: { rows: staff, error: 'Failed to fetch users' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch users');
    await expect(canvas.queryByText('Olivia Owner')).not.toBeInTheDocument();
  },
};

/** Each row's buttons in an Actions column at its end. */
export const WithRowActions: Story = {
  args: { hasActions: true },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('columnheader', { name: 'Actions' }));
  },
};

/** Tab reaches the table, arrow keys reach a row's buttons, Enter presses them; Tab then leaves the table. */
export const RowActionsByKeyboard: Story = {
  args: { hasActions: true },
  // It ends on a pressed, focused button whose look a screenshot caught differently from run to run;
  // WithRowActions holds the look.
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const firstRow = canvas.getByRole('row', { name: /Olivia Owner/ });
    await expect(firstRow).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('row', { name: /Adam Admin/ })).toHaveFocus();
    // From the row, ArrowLeft wraps to the last cell: the actions; then into its buttons.
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('button', { name: 'Edit Adam Admin' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onEdit).toHaveBeenCalledWith('u2');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Delete Adam Admin' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(onDelete).toHaveBeenCalledWith('u2');
  },
};

/** A sortable header is a button for the keyboard: Enter sorts, again reverses; aria-sort says which way. */
export const Sortable: Story = {
  args: { isSortable: true },
  play: async ({ canvas, userEvent }) => {
    const nameHeader = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstCellText = () => canvas.getAllByRole('rowheader')[0]?.textContent;
    await expect(firstCellText()).toBe('Adam Admin');
    await userEvent.tab();
    // Up from the first row reaches the header row; the first header is Name.
    await userEvent.keyboard('{ArrowUp}');
    await expect(nameHeader).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'descending' });
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'descending'));
    await expect(firstCellText()).toBe('Victor Viewer');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('columnheader', { name: /Email/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onSortChange).toHaveBeenLastCalledWith({ column: 'email', direction: 'ascending' });
  },
};

/**
 * In a phone-wide box each row is a card: nothing scrolls sideways, every value sits under its column's
 * header, and the headers are still the grid's for screen readers.
 */
export const NarrowScreen: Story = {
  tags: ['visual'],
  args: { hasActions: true, width: 320 },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'Users' });
    const scroller = grid.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    await expect(canvas.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Last Login',
      'Actions',
    ]);
    const email = within(canvas.getByRole('row', { name: /Adam Admin/ })).getByText('adam@example.test');
    await expect(getComputedStyle(email, '::before').content).toContain('Email');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

/**
 * Between the fixed widths: a table wider than its box is cards too (here five columns in 520 px, above the 420 px at
 * which a table of a few columns always is), and it is a table again once its box has room for it.
 */
export const TooWideForItsBox: Story = {
  tags: ['!dark'],
  args: { hasActions: true, width: 520 },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'Users' });
    const scroller = grid.parentElement as HTMLElement;
    const box = scroller.parentElement as HTMLElement;
    const frame = box.parentElement as HTMLElement;
    const email = () =>
      within(canvas.getByRole('row', { name: /Adam Admin/ })).getByText('adam@example.test');
    const isCards = () => getComputedStyle(email(), '::before').content.includes('Email');

    await expect(isCards()).toBe(true);
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    frame.style.width = '900px';
    await waitFor(() => expect(isCards()).toBe(false));
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    frame.style.width = '520px';
    await waitFor(() => expect(isCards()).toBe(true));
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  },
};
