import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { DataTable, type DataTableColumn } from './DataTable';
import { visible } from '../../../.storybook/story-helpers';

interface Item {
  id: string;
  name: string;
}

const items: Item[] = [
  { id: 'i1', name: 'First' },
  { id: 'i2', name: 'Second' },
  { id: 'i3', name: 'Third' },
];

/** How many times each row's cell was drawn: what the story reads to tell a redraw. */
const draws = new Map<string, number>();
const totalDraws = () => [...draws.values()].reduce((sum, count) => sum + count, 0);

function CountedName({ item }: { item: Item }) {
  draws.set(item.id, (draws.get(item.id) ?? 0) + 1);
  return <>{item.name}</>;
}

const columns: DataTableColumn<Item>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (item) => <CountedName item={item} />,
    isRowHeader: true,
    allowsSorting: true,
  },
];
const itemId = (item: Item) => item.id;

/**
 * A screen that makes new handlers at every render and marks the table busy, as a list does while its next page
 * loads; "Same rows again" hands it a new array of the same rows, as a page's answer does.
 */
function BusyTable() {
  const [isLoading, setLoading] = useState(false);
  const [rows, setRows] = useState(items);
  return (
    <>
      <Button onPress={() => setLoading((busy) => !busy)}>Toggle busy</Button>
      <Button onPress={() => setRows([...items])}>Same rows again</Button>
      <DataTable
        aria-label="Items"
        columns={columns}
        rows={rows}
        getRowId={itemId}
        isLoading={isLoading}
        emptyText="No items."
        sortDescriptor={undefined}
        onSortChange={() => undefined}
        onRowAction={() => undefined}
      />
    </>
  );
}

const meta = {
  title: 'UI/DataTable/Redraws',
  component: BusyTable,
  beforeEach: () => draws.clear(),
} satisfies Meta<typeof BusyTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Drawing the rows is a list's longest render: a change of `isLoading` or of the handlers alone redraws
 * only the table's frame, never its rows; new rows are drawn.
 */
export const BusyStateDoesNotRedrawRows: Story = {
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('rowheader', { name: 'Third' }));
    const drawn = totalDraws();
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle busy' }));
    const frame = canvas.getByRole('grid', { name: 'Items' }).parentElement;
    await waitFor(() => expect(frame).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle busy' }));
    await waitFor(() => expect(frame).not.toHaveAttribute('aria-busy'));
    await expect(totalDraws()).toBe(drawn);
    await userEvent.click(canvas.getByRole('button', { name: 'Same rows again' }));
    await waitFor(() => expect(totalDraws()).toBeGreaterThan(drawn));
  },
};
