import { useRef } from 'react';
import type { DataTableProps } from '../DataTable';
import { useCardsWhenTooWide } from '../DataTable/use-cards-when-too-wide';
import * as styles from '../DataTable/DataTable.css';
import { TablePlaceholder, tableStateOf } from '../DataTable/table-state';
import { columnsKindOf } from '../styles/breakpoints';

/** A DataTable's props without what a grid alone offers (selection, sorting, a row action). */
export type PlainTableProps<Row> = Omit<
  DataTableProps<Row>,
  'selection' | 'sortDescriptor' | 'onSortChange' | 'onRowAction'
>;

/**
 * A table for rows that are read, not worked on: no selection, sorting or row action, so none of a grid's keyboard
 * model either. The links and buttons in its cells are in the page's Tab order, as in any HTML table. It looks like
 * `DataTable` (the same styles, cards where it is narrow) and costs a fifth of it: a hundred rows of react-aria's
 * grid were the dashboard's longest task on a phone (docs/performance.md). The roles are written out, so a
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
  const { state, shownRows } = tableStateOf(rows, isLoading, error);
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const rowHeader = columns.find((column) => column.isRowHeader) ?? columns[0];
  const columnsKind = columnsKindOf(columnCount);
  const box = useRef<HTMLDivElement>(null);
  useCardsWhenTooWide(box, columnsKind, shownRows);

  return (
    <div ref={box} className={styles.container} data-columns={columnsKind}>
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
                  {columns.map((column) => {
                    // The row header is a th for the page's own semantics; every other cell is labelled on a card.
                    const isRowHeader = column === rowHeader;
                    const CellElement = isRowHeader ? 'th' : 'td';
                    return (
                      <CellElement
                        key={column.id}
                        role={isRowHeader ? 'rowheader' : 'cell'}
                        scope={isRowHeader ? 'row' : undefined}
                        className={styles.cell}
                        data-align={column.align ?? 'start'}
                        data-nowrap={column.noWrap || undefined}
                        data-label={isRowHeader ? undefined : column.header}
                      >
                        {column.cell(row)}
                      </CellElement>
                    );
                  })}
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
                  <TablePlaceholder
                    state={state}
                    error={error}
                    loadingLabel={loadingLabel}
                    emptyText={emptyText}
                  />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
