import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { DataTable, type DataTableColumn } from './DataTable';

interface License {
  uuid: string;
  serial: string;
  client: string;
}

const licenses: License[] = Array.from({ length: 6 }, (_, index) => ({
  uuid: `l${index + 1}`,
  serial: `SN-${1001 + index}`,
  client: ['Acme', 'Blue Harbor', 'Cobalt'][index % 3] as string,
}));

const columns: DataTableColumn<License>[] = [
  { id: 'serial', header: 'Serial Number', cell: (row) => row.serial, isRowHeader: true },
  { id: 'client', header: 'Client', cell: (row) => row.client },
];

const onSelectionChange = fn();

/** The selection kept in state, as a screen keeps it across pages. */
function SelectableTable({ initial = [] }: { initial?: string[] }) {
  const [selected, setSelected] = useState<Set<string>>(new Set(initial));
  return (
    <DataTable
      aria-label="Licences"
      columns={columns}
      rows={licenses}
      getRowId={(row) => row.uuid}
      emptyText="No licences."
      selection={{
        selectedKeys: selected,
        onSelectionChange: (keys) => {
          onSelectionChange([...keys].sort());
          setSelected(keys);
        },
      }}
    />
  );
}

const meta = {
  title: 'UI/DataTable/Selection',
  component: SelectableTable,
  // The Docs page's props table of the kit component itself, beside the example that shows it.
  subcomponents: { DataTable },
  tags: ['autodocs', 'visual', 'dark'],
  beforeEach: () => {
    onSelectionChange.mockClear();
  },
} satisfies Meta<typeof SelectableTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvas: ReturnType<typeof within>, serial: string) =>
  within(canvas.getByRole('row', { name: new RegExp(serial) })).getByRole('checkbox');

/** Shift with a click on a checkbox selects the range from the last one toggled; again, deselects it. */
export const ShiftClickRange: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(box(canvas, 'SN-1002'));
    await userEvent.keyboard('{Shift>}');
    await userEvent.click(box(canvas, 'SN-1005'));
    await userEvent.keyboard('{/Shift}');
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l2', 'l3', 'l4', 'l5']);
    await expect(box(canvas, 'SN-1004')).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /Select All/i })).toBePartiallyChecked();
    await userEvent.keyboard('{Shift>}');
    await userEvent.click(box(canvas, 'SN-1003'));
    await userEvent.keyboard('{/Shift}');
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l4', 'l5']);
    await userEvent.pointer({ target: document.body, coords: { clientX: 1, clientY: 1 } });
  },
};

/** The header's checkbox selects every row shown, and again none. */
export const SelectAllShown: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: /Select All/i }));
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Select All/i }));
    await expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  },
};

/** Space toggles the focused row; Shift with an arrow key extends the selection. */
export const ByKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('row', { name: /SN-1001/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l1', 'l2', 'l3']);
  },
};

/**
 * Moving the focus redraws only the row it leaves and the row it reaches (Grid.tsx), yet one place at a time can be
 * reached by Tab, and every row acts on the whole selection, whichever row changed it last.
 */
export const FocusMovesOverASelection: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    const row = (serial: string) => canvas.getByRole('row', { name: new RegExp(serial) });
    /** The one row or cell of the body that Tab reaches (react-aria's roving tab stop). */
    const tabStops = () =>
      [
        ...canvas.getByRole('grid').querySelectorAll<HTMLElement>('tbody [role=row], tbody [role=row] > *'),
      ].filter((element) => element.tabIndex === 0);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(box(canvas, 'SN-1001')).toBeChecked();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // The focus follows a key press in an effect after the render: waited for, not assumed.
    await waitFor(() => expect(row('SN-1004')).toHaveFocus());
    await expect(tabStops()).toEqual([row('SN-1004')]);
    // A click on a checkbox puts the focus in its cell; the arrow keys then go from cell to cell.
    await userEvent.click(box(canvas, 'SN-1006'));
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l1', 'l6']);
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(row('SN-1005')).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard(' ');
    await expect(onSelectionChange).toHaveBeenLastCalledWith(['l1', 'l5', 'l6']);
    for (const serial of ['SN-1001', 'SN-1005', 'SN-1006']) await expect(box(canvas, serial)).toBeChecked();
    await expect(box(canvas, 'SN-1004')).not.toBeChecked();
    const [stop, ...others] = tabStops();
    await expect(others).toEqual([]);
    await expect(row('SN-1005')).toContainElement(stop ?? null);
  },
};
