import { LoadingState } from '../LoadingState';
import * as styles from './DataTable.css';

/** What a table's body shows: its rows, or in their place the error or the loading state. */
export type TableState = 'error' | 'loading' | 'ready';

/** The rows a table shows and its state, one rule for DataTable and PlainTable. */
export function tableStateOf<Row>(
  rows: readonly Row[] | undefined,
  isLoading: boolean,
  error: string | null | undefined,
): { state: TableState; shownRows: readonly Row[] } {
  const shownRows = error ? [] : (rows ?? []);
  const state: TableState = error
    ? 'error'
    : shownRows.length === 0 && (isLoading || rows === undefined)
      ? 'loading'
      : 'ready';
  return { state, shownRows };
}

/** What stands in a table's body without rows: the error (announced), the loading state or the empty text. */
export function TablePlaceholder({
  state,
  error,
  loadingLabel,
  emptyText,
}: {
  state: TableState;
  error: string | null | undefined;
  loadingLabel: string;
  emptyText: string;
}) {
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
}
