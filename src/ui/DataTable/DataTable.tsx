import { useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import {
  Cell,
  Column,
  Row as GridRow,
  TableBody,
  TableHeader,
  type Key,
  type Selection,
  type SortDescriptor,
  type TableBodyProps,
  type TableHeaderProps,
} from 'react-stately';
import { Icon } from '../Icon';
import { columnsKindOf } from '../styles/breakpoints';
import * as styles from './DataTable.css';
import { Grid, type GridColumnLook } from './Grid';
import { TablePlaceholder, tableStateOf } from './table-state';
import { useCardsWhenTooWide } from './use-cards-when-too-wide';
import { useLatestHandler } from './use-latest-handler';

export type { SortDescriptor };

/** One column: its header text and how a row fills its cell. */
export interface DataTableColumn<Row> {
  /** Stable id; also the `column` of the sort descriptor when the column is sortable. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names a row for screen readers (e.g. the name or serial number); the first column if none says so. */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  align?: 'start' | 'end';
  /** Keeps a short column (a date, a count) from wrapping. */
  noWrap?: boolean;
}

/** Row selection: which of the rows shown are selected, and the handler for a new choice among them. */
export interface DataTableSelection {
  selectedKeys: ReadonlySet<string>;
  /** The rows shown that are now selected (the list may keep others, on other pages, beside them). */
  onSelectionChange: (keys: Set<string>) => void;
}

export interface DataTableProps<Row> {
  /** What the table lists, for screen readers, e.g. 'Users'. */
  'aria-label': string;
  columns: readonly DataTableColumn<Row>[];
  /** The rows; `undefined` while nothing has loaded yet. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  /** Shown (announced) in place of the rows while there are none to show yet. */
  isLoading?: boolean;
  loadingLabel?: string;
  /** Shown (announced) in place of the rows when loading failed: the data layer's error text. */
  error?: string | null;
  /** Shown when loading finished with no rows, e.g. 'No certificates found.' */
  emptyText: string;
  /** Controlled sorting: the column and direction, and the handler for a header press. */
  sortDescriptor?: SortDescriptor;
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** Buttons for a row (Edit, Delete, ...), in a last column headed `rowActionsHeader`. */
  rowActions?: (row: Row) => ReactNode;
  rowActionsHeader?: string;
  /** Called when a row itself is activated (Enter or click on the row, not on an action). */
  onRowAction?: (id: string) => void;
  /**
   * Makes rows selectable: a checkbox column first, whose header selects every row shown. A click on a row or
   * Space on it toggles it; Shift with a click (on the row or its checkbox) or with the arrow keys selects the
   * range from the row last toggled.
   */
  selection?: DataTableSelection;
}

const ACTIONS_COLUMN = '__actions';
const SELECTION_COLUMN = '__selection';

/**
 * The rows `next` selects once a Shift-press is read as a range: react-aria's checkbox toggles one row whatever
 * the modifier, so a single change made with Shift held becomes the range from the anchor (the row last toggled
 * alone) to that row, selected or deselected as that row now is.
 */
function withRange(
  rowIds: readonly string[],
  current: ReadonlySet<string>,
  next: Set<string>,
  isShift: boolean,
  anchor: { current: string | null },
): Set<string> {
  const changed = rowIds.filter((id) => next.has(id) !== current.has(id));
  if (changed.length !== 1) return next;
  const key = changed[0] as string;
  const from = anchor.current === null ? -1 : rowIds.indexOf(anchor.current);
  if (!isShift || from === -1 || anchor.current === key) {
    anchor.current = key;
    return next;
  }
  const to = rowIds.indexOf(key);
  const isSelecting = next.has(key);
  for (const id of rowIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (isSelecting) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Whether a column names its row: the one marked so, else the first. */
function isRowHeaderOf<Row>(columns: readonly DataTableColumn<Row>[]) {
  const hasRowHeader = columns.some((column) => column.isRowHeader);
  return (column: DataTableColumn<Row>, index: number) =>
    column.isRowHeader ?? (!hasRowHeader && index === 0);
}

function sortIconName(sortDirection: 'ascending' | 'descending' | undefined) {
  if (sortDirection === 'ascending') return 'sortAscending';
  if (sortDirection === 'descending') return 'sortDescending';
  return 'sortNone';
}

/** Each column's look by its key: the selection column first, the actions column last, when the table has them. */
function columnLooks<Row>(
  columns: readonly DataTableColumn<Row>[],
  hasSelection: boolean,
  actionsHeader: string | null,
): Map<string, GridColumnLook> {
  const isRowHeader = isRowHeaderOf(columns);
  const looks = new Map<string, GridColumnLook>();
  if (hasSelection) {
    looks.set(SELECTION_COLUMN, {
      headerClassName: `${styles.column} ${styles.selectionColumn}`,
      cellClassName: `${styles.cell} ${styles.selectionColumn}`,
      role: 'selection',
      header: () => null,
    });
  }
  columns.forEach((column, index) => {
    looks.set(column.id, {
      headerClassName: styles.column,
      cellClassName: styles.cell,
      align: column.align ?? 'start',
      noWrap: column.noWrap,
      // On a card (a narrow table) the row header is the card's title and every other cell is labelled with its
      // column's header.
      cardLabel: isRowHeader(column, index) ? undefined : column.header,
      header: (sortDirection) => (
        <span className={styles.columnLabel}>
          {column.header}
          {column.allowsSorting && (
            <span aria-hidden="true" className={styles.sortIcon} data-direction={sortDirection ?? 'none'}>
              <Icon name={sortIconName(sortDirection)} />
            </span>
          )}
        </span>
      ),
    });
  });
  if (actionsHeader !== null) {
    looks.set(ACTIONS_COLUMN, {
      headerClassName: styles.column,
      cellClassName: styles.cell,
      align: 'end',
      role: 'actions',
      header: () => actionsHeader,
    });
  }
  return looks;
}

/** The table's rows and columns as react-stately's collection elements, for `Grid`. */
function collectionOf<Row>(
  columns: readonly DataTableColumn<Row>[],
  rows: readonly Row[],
  getRowId: (row: Row) => string,
  hasSelection: boolean,
  rowActions: ((row: Row) => ReactNode) | undefined,
  actionsHeader: string,
): [ReactElement<TableHeaderProps<object>>, ReactElement<TableBodyProps<object>>] {
  const isRowHeader = isRowHeaderOf(columns);
  return [
    <TableHeader key="header">
      {[
        ...(hasSelection ? [<Column key={SELECTION_COLUMN}>{''}</Column>] : []),
        ...columns.map((column, index) => (
          <Column
            key={column.id}
            isRowHeader={isRowHeader(column, index)}
            allowsSorting={column.allowsSorting}
          >
            {column.header}
          </Column>
        )),
        ...(rowActions ? [<Column key={ACTIONS_COLUMN}>{actionsHeader}</Column>] : []),
      ]}
    </TableHeader>,
    <TableBody key="body">
      {rows.map((row) => {
        const id = getRowId(row);
        // A cell's key names its row too: the collection keeps every cell of the table by its key.
        return (
          <GridRow key={id}>
            {[
              ...(hasSelection ? [<Cell key={`${id}/${SELECTION_COLUMN}`}>{''}</Cell>] : []),
              ...columns.map((column) => <Cell key={`${id}/${column.id}`}>{column.cell(row)}</Cell>),
              ...(rowActions
                ? [
                    <Cell key={`${id}/${ACTIONS_COLUMN}`}>
                      <div className={styles.actions}>{rowActions(row)}</div>
                    </Cell>,
                  ]
                : []),
            ]}
          </GridRow>
        );
      })}
    </TableBody>,
  ];
}

/**
 * A data table (react-aria's table hooks, src/ui/DataTable/Grid.tsx): arrow keys move between rows and cells, Tab
 * leaves the table, buttons inside a cell are reached with the arrow keys. Where it is narrower than its columns need
 * (src/ui/styles/breakpoints.ts, measured on the table's own box) the row buttons collapse into a menu and then
 * each row becomes a card, so neither the page nor the table scrolls sideways.
 *
 * Drawing a hundred rows is the console's longest render, so it happens only when what the rows show
 * changes: the rows, the columns, `getRowId`, `rowActions`, the selection or the sort. So a caller defines `columns`
 * and `getRowId` outside its component (or memoises them) and memoises `rowActions`, calling its own handler through
 * `useLatestHandler`. A new handler or a change of `isLoading` alone redraws nothing but the frame. And it renders in one pass, so a page that hands it
 * its rows through a deferred value (`useDeferredValue`) has them drawn in a transition, in slices.
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowId,
  isLoading = false,
  loadingLabel = 'Loading...',
  error,
  emptyText,
  sortDescriptor,
  onSortChange,
  rowActions,
  rowActionsHeader = 'Actions',
  onRowAction,
  selection,
  ...props
}: DataTableProps<Row>) {
  // Whether Shift was held at the last press or key, and the row last toggled alone: see `withRange`.
  const isShiftHeld = useRef(false);
  const anchor = useRef<string | null>(null);
  const noteShift = (event: { shiftKey: boolean }) => {
    isShiftHeld.current = event.shiftKey;
  };
  const { state, shownRows } = tableStateOf(rows, isLoading, error);
  const hasSelection = selection !== undefined;
  const hasActions = rowActions !== undefined;
  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasActions ? 1 : 0);
  const box = useRef<HTMLDivElement>(null);

  const handleSelectionChange = useLatestHandler((keys: Selection) => {
    if (!selection) return;
    const rowIds = shownRows.map(getRowId);
    const next = keys === 'all' ? new Set(rowIds) : new Set([...keys].map(String));
    selection.onSelectionChange(withRange(rowIds, selection.selectedKeys, next, isShiftHeld.current, anchor));
  });
  const handleSortChange = useLatestHandler((descriptor: SortDescriptor) => onSortChange?.(descriptor));
  const handleRowAction = useLatestHandler((key: Key) => onRowAction?.(String(key)));

  const looks = useMemo(
    () => columnLooks(columns, hasSelection, hasActions ? rowActionsHeader : null),
    [columns, hasSelection, hasActions, rowActionsHeader],
  );
  const collection = useMemo(
    () => collectionOf(columns, shownRows, getRowId, hasSelection, rowActions, rowActionsHeader),
    [columns, shownRows, getRowId, hasSelection, rowActions, rowActionsHeader],
  );
  const columnsKind = columnsKindOf(columnCount);
  useCardsWhenTooWide(box, columnsKind, collection);
  const placeholder = useMemo(
    () => <TablePlaceholder state={state} error={error} loadingLabel={loadingLabel} emptyText={emptyText} />,
    [state, error, loadingLabel, emptyText],
  );

  return (
    <div ref={box} className={styles.container} data-columns={columnsKind}>
      <div
        className={styles.scroller}
        data-state={state}
        aria-busy={isLoading || undefined}
        onPointerDownCapture={hasSelection ? noteShift : undefined}
        onKeyDownCapture={hasSelection ? noteShift : undefined}
      >
        <Grid
          aria-label={props['aria-label']}
          className={styles.table}
          looks={looks}
          placeholder={placeholder}
          sortDescriptor={sortDescriptor}
          onSortChange={onSortChange ? handleSortChange : undefined}
          onRowAction={onRowAction ? handleRowAction : undefined}
          {...(selection
            ? {
                selectionMode: 'multiple' as const,
                selectionBehavior: 'toggle' as const,
                selectedKeys: selection.selectedKeys,
                onSelectionChange: handleSelectionChange,
              }
            : {})}
        >
          {collection}
        </Grid>
      </div>
    </div>
  );
}
