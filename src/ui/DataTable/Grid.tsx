import { memo, useRef, type ReactNode } from 'react';
import {
  mergeProps,
  useFocusRing,
  useHover,
  useTable,
  useTableCell,
  useTableColumnHeader,
  useTableHeaderRow,
  useTableRow,
  useTableRowGroup,
  useTableSelectAllCheckbox,
  useTableSelectionCheckbox,
  type AriaTableProps,
} from 'react-aria';
import { useTableState, type Key, type Node, type TableState, type TableStateProps } from 'react-stately';
import { Checkbox } from '../Checkbox';
import * as styles from './DataTable.css';

/** How a column's header and cells look, by column key: what the collection's nodes do not carry. */
export interface GridColumnLook {
  headerClassName: string;
  cellClassName: string;
  /** Unset for the selection column. */
  align?: 'start' | 'end' | undefined;
  noWrap?: boolean | undefined;
  /** `selection` or `actions` for the table's own columns. */
  role?: 'selection' | 'actions' | undefined;
  /** The header a card (a narrow table) shows before the cell's value; none for the row header. */
  cardLabel?: string | undefined;
  /** The header's content, given whether the column sorts and which way it does now. */
  header: (sortDirection: 'ascending' | 'descending' | undefined) => ReactNode;
}

export type GridProps = TableStateProps<object> &
  AriaTableProps & {
    className: string;
    looks: ReadonlyMap<Key, GridColumnLook>;
    /** What the body shows when it has no rows (loading, the error or the empty text). */
    placeholder: ReactNode;
  };

type State = TableState<object>;

/** A header or body cell: its node in the collection, the table's state and its column's look. */
interface CellPartProps {
  node: Node<object>;
  state: State;
  look: GridColumnLook | undefined;
}

/**
 * react-aria's table hooks over a collection built from react-stately's elements (TableHeader, Column, TableBody, Row,
 * Cell). Unlike react-aria-components' Table, whose collection is built in a hidden render and handed to the rows
 * through a store React must render synchronously, this renders in one pass, so a page of rows can render in a
 * transition that yields to the browser (docs/performance.md). Memoised: DataTable keeps its props the same
 * until what the rows show changes.
 */
export const Grid = memo(function Grid(tableProps: GridProps) {
  const { className, looks, placeholder, ...props } = tableProps;
  const state = useTableState(props);
  const ref = useRef<HTMLTableElement>(null);
  const { collection } = state;
  const { gridProps } = useTable(props, state, ref);
  const { isFocusVisible, focusProps } = useFocusRing();
  const bodyRows = [...collection.body.childNodes];
  const { focusedRowKey, focusMark } = focusOf(state);
  return (
    <table
      {...mergeProps(gridProps, focusProps)}
      ref={ref}
      className={className}
      data-focus-visible={isFocusVisible || undefined}
    >
      <RowGroup as="thead" className={styles.header}>
        {collection.headerRows.map((headerRow) => (
          <HeaderRow key={headerRow.key} node={headerRow} state={state}>
            {[...headerRow.childNodes].map((column) => (
              <ColumnHeader key={column.key} node={column} state={state} look={looks.get(column.key)} />
            ))}
          </HeaderRow>
        ))}
      </RowGroup>
      <RowGroup as="tbody" className={styles.body}>
        {bodyRows.length === 0 ? (
          <tr role="row">
            <td role="rowheader" colSpan={collection.columnCount}>
              {placeholder}
            </td>
          </tr>
        ) : (
          bodyRows.map((row) => (
            <BodyRow
              key={row.key}
              node={row}
              state={state}
              table={tableProps}
              focus={row.key === focusedRowKey ? focusMark : undefined}
            />
          ))
        )}
      </RowGroup>
    </table>
  );
});

function RowGroup({
  as: Element,
  className,
  children,
}: {
  as: 'thead' | 'tbody';
  className: string;
  children: ReactNode;
}) {
  const { rowGroupProps } = useTableRowGroup();
  return (
    <Element {...rowGroupProps} className={className}>
      {children}
    </Element>
  );
}

function HeaderRow({ node, state, children }: { node: Node<object>; state: State; children: ReactNode }) {
  const ref = useRef<HTMLTableRowElement>(null);
  const { rowProps } = useTableHeaderRow({ node }, state, ref);
  return (
    <tr {...rowProps} ref={ref}>
      {children}
    </tr>
  );
}

function ColumnHeader({ node, state, look }: CellPartProps) {
  const ref = useRef<HTMLTableCellElement>(null);
  const { columnHeaderProps } = useTableColumnHeader({ node }, state, ref);
  const { isFocusVisible, focusProps } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  const allowsSorting = node.props?.allowsSorting === true;
  const sortDirection =
    allowsSorting && state.sortDescriptor?.column === node.key ? state.sortDescriptor.direction : undefined;
  return (
    <th
      {...mergeProps(columnHeaderProps, focusProps, hoverProps)}
      ref={ref}
      className={look?.headerClassName}
      data-align={look?.align}
      data-role={look?.role}
      data-allows-sorting={allowsSorting || undefined}
      data-hovered={isHovered || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      {look?.role === 'selection' ? <SelectAllCheckbox state={state} /> : look?.header(sortDirection)}
    </th>
  );
}

/**
 * Which row holds the keyboard focus (the row itself or one of its cells), and a mark that changes whenever anything
 * that row's hooks read about the focus changes. The selection state keeps the focus in refs, so an older state
 * object reads the same focus as the newest one: the change has to be compared here, in the table's render.
 */
function focusOf(state: State): { focusedRowKey: Key | undefined; focusMark: string | undefined } {
  const { focusedKey, isFocused, childFocusStrategy } = state.selectionManager;
  if (focusedKey == null) return { focusedRowKey: undefined, focusMark: undefined };
  const node = state.collection.getItem(focusedKey);
  const focusedRowKey = node?.type === 'cell' ? (node.parentKey ?? undefined) : focusedKey;
  return { focusedRowKey, focusMark: `${String(focusedKey)} ${isFocused} ${childFocusStrategy ?? ''}` };
}

interface BodyRowProps {
  node: Node<object>;
  state: State;
  /** The table's props: the same object when only its state changed (React hands a component its props again). */
  table: GridProps;
  /** `focusOf`'s mark when the focus is in this row. */
  focus: string | undefined;
}

/**
 * Whether a row would draw the same: its node, the table's props (its looks and handlers, which react-aria hands the
 * rows through the state object), the focus as far as it is in this row, and what every row reads of the selection. Moving the focus redraws the row it leaves and the row it reaches, not every row
 * (an arrow key in a hundred rows took about 190 ms to the next frame when each press redrew them all). The rows that
 * are not redrawn keep an older state object; its handlers act on the same selection, collection and focus (refs),
 * since any change of those redraws every row.
 */
const isSameRow = (previous: BodyRowProps, next: BodyRowProps) => {
  const [a, b] = [previous.state, next.state];
  return (
    previous.node === next.node &&
    previous.table === next.table &&
    previous.focus === next.focus &&
    a.collection === b.collection &&
    a.disabledKeys === b.disabledKeys &&
    a.selectionManager.rawSelection === b.selectionManager.rawSelection &&
    a.selectionManager.selectionMode === b.selectionManager.selectionMode &&
    a.selectionManager.selectionBehavior === b.selectionManager.selectionBehavior
  );
};

const BodyRow = memo(function BodyRow({ node, state, table: { looks } }: BodyRowProps) {
  const ref = useRef<HTMLTableRowElement>(null);
  const { rowProps, isSelected, isPressed, hasAction, allowsSelection } = useTableRow({ node }, state, ref);
  const { isFocusVisible, focusProps } = useFocusRing();
  const { hoverProps, isHovered } = useHover({ isDisabled: !allowsSelection && !hasAction });
  return (
    <tr
      {...mergeProps(rowProps, focusProps, hoverProps)}
      ref={ref}
      className={styles.row}
      data-selected={isSelected || undefined}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-action={hasAction || undefined}
    >
      {[...node.childNodes].map((cell) => (
        <BodyCell
          key={cell.key}
          node={cell}
          state={state}
          look={looks.get(state.collection.columns[cell.index]?.key ?? '')}
        />
      ))}
    </tr>
  );
}, isSameRow);

function BodyCell({ node, state, look }: CellPartProps) {
  const ref = useRef<HTMLTableCellElement>(null);
  const { gridCellProps } = useTableCell({ node }, state, ref);
  const { isFocusVisible, focusProps } = useFocusRing();
  return (
    <td
      {...mergeProps(gridCellProps, focusProps)}
      ref={ref}
      className={look?.cellClassName}
      data-align={look?.align}
      data-nowrap={look?.noWrap || undefined}
      data-role={look?.role}
      data-label={look?.cardLabel}
      data-focus-visible={isFocusVisible || undefined}
    >
      {look?.role === 'selection' && node.parentKey != null ? (
        <RowCheckbox rowKey={node.parentKey} state={state} />
      ) : (
        node.rendered
      )}
    </td>
  );
}

function SelectAllCheckbox({ state }: { state: State }) {
  const { checkboxProps } = useTableSelectAllCheckbox(state);
  return <Checkbox {...checkboxProps} />;
}

function RowCheckbox({ rowKey, state }: { rowKey: Key; state: State }) {
  const { checkboxProps } = useTableSelectionCheckbox({ key: rowKey }, state);
  return <Checkbox {...checkboxProps} />;
}
