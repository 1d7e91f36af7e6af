import type { ReactNode } from 'react';
import type { DataTableColumn } from '../DataTable';
import * as styles from '../DataTable/DataTable.css';
import { LoadingState } from '../LoadingState';
import { FEW_COLUMNS } from '../styles/breakpoints';

export interface PlainTableProps<Row> {
  /** What the table lists, for screen readers, e.g. 'Expiring Certificates'. */
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
  /** Shown when loading finished with no rows. */
  emptyText: string;
  /** Buttons for a row, in a last column headed `rowActionsHeader`. */
  rowActions?: (row: Row) => ReactNode;
  rowActionsHeader?: string;
}

/**
 * A table for rows that are read, not worked on: no selection, sorting or row action, so none of a grid's keyboard
 * model either. The links and buttons in its cells are in the page's Tab order, as in any HTML table. It looks like
 * `DataTable` (the same styles, cards where it is narrow) and costs a fifth of it: a hundred rows of react-aria's
 * grid were the dashboard's longest task on a phone (docs/performance.md, issue 23). The roles are written out, so a
 * card (a row shown as a block) is still a row to assistive technology.
 */
export function PlainTable<Row>({
  columns,
  rows,
  getRowId,
  isLoading = false,
  loadingLabel = 'Loading...',
  error,
  emptyText,
  rowActions,
  rowActionsHeader = 'Actions',
  ...props
}: PlainTableProps<Row>) {
  const shownRows = error ? [] : (rows ?? []);
  const state = error
    ? 'error'
    : shownRows.length === 0 && (isLoading || rows === undefined)
      ? 'loading'
      : 'ready';
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const rowHeader = columns.find((column) => column.isRowHeader) ?? columns[0];

  return (
    <div className={styles.container} data-columns={columnCount > FEW_COLUMNS ? 'many' : 'few'}>
      <div className={styles.scroller} data-state={state} aria-busy={isLoading || undefined}>
        <table role="table" aria-label={props['aria-label']} className={styles.table}>
          <thead role="rowgroup" className={styles.header}>
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column.id}
                  role="columnheader"
                  scope="col"
                  className={styles.column}
                  data-align={column.align ?? 'start'}
                >
                  <span className={styles.columnLabel}>{column.header}</span>
                </th>
              ))}
              {rowActions ? (
                <th
                  role="columnheader"
                  scope="col"
                  className={styles.column}
                  data-align="end"
                  data-role="actions"
                >
                  {rowActionsHeader}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody role="rowgroup" className={styles.body}>
            {state === 'ready' && shownRows.length > 0 ? (
              shownRows.map((row) => (
                <tr key={getRowId(row)} role="row" className={styles.row}>
                  {columns.map((column) =>
                    column === rowHeader ? (
                      <th
                        key={column.id}
                        role="rowheader"
                        scope="row"
                        className={styles.cell}
                        data-align={column.align ?? 'start'}
                        data-nowrap={column.noWrap || undefined}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.id}
                        role="cell"
                        className={styles.cell}
                        data-align={column.align ?? 'start'}
                        data-nowrap={column.noWrap || undefined}
                        // On a card every cell but the row header is labelled with its column's header.
                        data-label={column.header}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                  {rowActions ? (
                    <td role="cell" className={styles.cell} data-align="end" data-role="actions">
                      <div className={styles.actions}>{rowActions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              ))
            ) : (
              <tr role="row">
                <td role="cell" colSpan={columnCount}>
                  {state === 'error' ? (
                    <div role="alert" className={styles.error}>
                      {error}
                    </div>
                  ) : state === 'loading' ? (
                    <div className={styles.empty}>
                      <LoadingState label={loadingLabel} size="inline" />
                    </div>
                  ) : (
                    <p className={styles.empty}>{emptyText}</p>
                  )}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
