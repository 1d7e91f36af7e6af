import { useRef, type Key, type ReactNode } from 'react';
import {
  Cell,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { Checkbox } from '../Checkbox';
import { Icon } from '../Icon';
import { FEW_COLUMNS } from '../styles/breakpoints';
import * as styles from './DataTable.css';
import { TablePlaceholder, tableStateOf } from './table-state';

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

/**
 * A data table (react-aria Table): arrow keys move between rows and cells, Tab leaves the table,
 * buttons inside a cell are reached with the arrow keys. Where it is narrower than its columns need
 * (src/ui/styles/breakpoints.ts, measured on the table's own box) the row buttons collapse into a menu and then
 * each row becomes a card, so neither the page nor the table scrolls sideways (issue 20).
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
  const hasRowHeader = columns.some((column) => column.isRowHeader);
  const isRowHeader = (column: DataTableColumn<Row>, index: number) =>
    column.isRowHeader ?? (!hasRowHeader && index === 0);
  const { state, shownRows } = tableStateOf(rows, isLoading, error);

  const rowIds = shownRows.map(getRowId);
  const columnCount = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const handleSelectionChange = (keys: Selection) => {
    if (!selection) return;
    const next = keys === 'all' ? new Set(rowIds) : new Set([...keys].map(String));
    selection.onSelectionChange(withRange(rowIds, selection.selectedKeys, next, isShiftHeld.current, anchor));
  };

  return (
    <div className={styles.container} data-columns={columnCount > FEW_COLUMNS ? 'many' : 'few'}>
      <div
        className={styles.scroller}
        data-state={state}
        aria-busy={isLoading || undefined}
        onPointerDownCapture={selection ? noteShift : undefined}
        onKeyDownCapture={selection ? noteShift : undefined}
      >
        <Table
          aria-label={props['aria-label']}
          className={styles.table}
          sortDescriptor={sortDescriptor}
          onSortChange={onSortChange}
          onRowAction={onRowAction ? (key: Key) => onRowAction(String(key)) : undefined}
          {...(selection
            ? {
                selectionMode: 'multiple' as const,
                selectionBehavior: 'toggle' as const,
                selectedKeys: selection.selectedKeys,
                onSelectionChange: handleSelectionChange,
              }
            : {})}
        >
          <TableHeader className={styles.header}>
            {selection ? (
              <Column
                id={SELECTION_COLUMN}
                className={`${styles.column} ${styles.selectionColumn}`}
                data-role="selection"
              >
                <Checkbox slot="selection" />
              </Column>
            ) : null}
            {columns.map((column, index) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={isRowHeader(column, index)}
                allowsSorting={column.allowsSorting}
                className={styles.column}
                data-align={column.align ?? 'start'}
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className={styles.columnLabel}>
                    {column.header}
                    {allowsSorting && (
                      <span
                        aria-hidden="true"
                        className={styles.sortIcon}
                        data-direction={sortDirection ?? 'none'}
                      >
                        <Icon
                          name={
                            sortDirection === 'ascending'
                              ? 'sortAscending'
                              : sortDirection === 'descending'
                                ? 'sortDescending'
                                : 'sortNone'
                          }
                        />
                      </span>
                    )}
                  </span>
                )}
              </Column>
            ))}
            {rowActions ? (
              <Column id={ACTIONS_COLUMN} className={styles.column} data-align="end" data-role="actions">
                {rowActionsHeader}
              </Column>
            ) : null}
          </TableHeader>
          <TableBody
            className={styles.body}
            renderEmptyState={() => (
              <TablePlaceholder
                state={state}
                error={error}
                loadingLabel={loadingLabel}
                emptyText={emptyText}
              />
            )}
          >
            {shownRows.map((row) => {
              const id = getRowId(row);
              return (
                <Row key={id} id={id} className={styles.row}>
                  {selection ? (
                    <Cell
                      key={SELECTION_COLUMN}
                      className={`${styles.cell} ${styles.selectionColumn}`}
                      data-role="selection"
                    >
                      <Checkbox slot="selection" />
                    </Cell>
                  ) : null}
                  {columns.map((column, index) => (
                    <Cell
                      key={column.id}
                      className={styles.cell}
                      data-align={column.align ?? 'start'}
                      data-nowrap={column.noWrap || undefined}
                      // On a card (a narrow table) the row header is the card's title and every other cell is
                      // labelled with its column's header.
                      data-label={isRowHeader(column, index) ? undefined : column.header}
                    >
                      {column.cell(row)}
                    </Cell>
                  ))}
                  {rowActions ? (
                    <Cell key={ACTIONS_COLUMN} className={styles.cell} data-align="end" data-role="actions">
                      <div className={styles.actions}>{rowActions(row)}</div>
                    </Cell>
                  ) : null}
                </Row>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
