import type { Key, ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import { LoadingState } from '../LoadingState';
import { Icon } from '../Icon';
import * as styles from './DataTable.css';

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
}

const ACTIONS_COLUMN = '__actions';

/**
 * A data table (react-aria Table): arrow keys move between rows and cells, Tab leaves the table,
 * buttons inside a cell are reached with the arrow keys. It scrolls sideways inside its own
 * container on narrow screens, so the page never does.
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
  ...props
}: DataTableProps<Row>) {
  const hasRowHeader = columns.some((column) => column.isRowHeader);
  const shownRows = error ? [] : (rows ?? []);
  const state = error
    ? 'error'
    : shownRows.length === 0 && (isLoading || rows === undefined)
      ? 'loading'
      : 'ready';

  const renderEmptyState = () => {
    if (state === 'error') {
      return (
        <div role="alert" className={styles.error}>
          {error}
        </div>
      );
    }
    if (state === 'loading') {
      return (
        <div className={styles.empty}>
          <LoadingState label={loadingLabel} size="inline" />
        </div>
      );
    }
    return <p className={styles.empty}>{emptyText}</p>;
  };

  return (
    <div className={styles.scroller} data-state={state} aria-busy={isLoading || undefined}>
      <Table
        aria-label={props['aria-label']}
        className={styles.table}
        sortDescriptor={sortDescriptor}
        onSortChange={onSortChange}
        onRowAction={onRowAction ? (key: Key) => onRowAction(String(key)) : undefined}
      >
        <TableHeader className={styles.header}>
          {columns.map((column, index) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={column.isRowHeader ?? (!hasRowHeader && index === 0)}
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
            <Column id={ACTIONS_COLUMN} className={styles.column} data-align="end">
              {rowActionsHeader}
            </Column>
          ) : null}
        </TableHeader>
        <TableBody className={styles.body} renderEmptyState={renderEmptyState}>
          {shownRows.map((row) => {
            const id = getRowId(row);
            return (
              <Row key={id} id={id} className={styles.row}>
                {columns.map((column) => (
                  <Cell
                    key={column.id}
                    className={styles.cell}
                    data-align={column.align ?? 'start'}
                    data-nowrap={column.noWrap || undefined}
                  >
                    {column.cell(row)}
                  </Cell>
                ))}
                {rowActions ? (
                  <Cell key={ACTIONS_COLUMN} className={styles.cell} data-align="end">
                    <div className={styles.actions}>{rowActions(row)}</div>
                  </Cell>
                ) : null}
              </Row>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
