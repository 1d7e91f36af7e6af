import { useCallback, useMemo, useRef, useState } from 'react';
import type { BulkOutcome, SelectionIds } from '../../contract/bulk';
import { SELECTION_TEXTS } from '../../contract/texts/lists';
import type { CacheArea } from '../api/revalidate';
import { reportOutcome, type ToastShower } from '../toasts/outcome-toasts';
import { useBulkAction } from './use-bulk-action';
import { useRowSelection } from './use-row-selection';

/** A page with no rows yet: one array, so what is derived from it keeps its identity from one render to the next. */
const NO_ROWS: readonly never[] = [];

export interface ListBulkOptions<Row> {
  toast: ToastShower;
  /** What narrows the list (search, status, client): a change clears the selection. */
  filterKey: string;
  getRowId: (row: Row) => string;
  /** How a row is named in the outcome (its serial number, its name). */
  nameOf: (row: Row) => string;
  /** The rows of the page shown, and how many rows match in all. */
  pageRows: readonly Row[] | undefined;
  total: number | undefined;
  /** The list's `GET …/ids` with its filters. */
  fetchIds: () => Promise<SelectionIds>;
  /** The areas a bulk action reloads, once. */
  reloads: readonly CacheArea[];
}

/**
 * Selection and bulk actions of a list screen, wired for the kit's DataTable (`tableSelection`) and
 * BulkBar (`bar`): the page's checkboxes, "Select all N matching" once the whole page is selected (noting when the
 * server capped the ids), and `run`, which sends an action on every selected id in chunks, reloads once, shows one
 * toast, keeps the outcome for the bar and leaves only the rows that failed selected.
 */
export function useListBulk<Row, Action extends string = string>({
  toast,
  filterKey,
  getRowId,
  nameOf,
  pageRows,
  total,
  fetchIds,
  reloads,
}: ListBulkOptions<Row>) {
  const selection = useRowSelection<Row>(filterKey, getRowId);
  const bulk = useBulkAction(toast, reloads);
  const [isSelectingAll, setSelectingAll] = useState(false);
  const [pendingAction, setPendingAction] = useState<Action | null>(null);

  const rows = pageRows ?? NO_ROWS;
  // Every row shown since the list opened, to name a failed row that was selected without being selected by hand
  // (through "select all matching") but was seen on some page.
  const seen = useRef(new Map<string, Row>());
  for (const row of rows) seen.current.set(getRowId(row), row);
  const { selectedOn, setPageSelection } = selection;
  const selectedOnPage = useMemo(() => selectedOn(rows), [selectedOn, rows]);
  // The same object until the page or its selection changes, so a memoised table is not drawn again.
  const tableSelection = useMemo(
    () => ({
      selectedKeys: selectedOnPage,
      onSelectionChange: (keys: Set<string>) => setPageSelection(rows, keys),
    }),
    [selectedOnPage, setPageSelection, rows],
  );
  const isPageSelected = rows.length > 0 && selectedOnPage.size === rows.length;
  const canSelectMore =
    isPageSelected && selection.matching === null && total !== undefined && total > selection.count;

  const selectAllMatching = async () => {
    setSelectingAll(true);
    await reportOutcome(
      toast,
      async () => {
        const { ids, total: matching } = await fetchIds();
        selection.selectIds(ids, { selected: ids.length, total: matching });
      },
      {
        failed: {
          title: SELECTION_TEXTS.selectAllFailed,
          description: SELECTION_TEXTS.selectAllFailedDescription,
        },
      },
    );
    setSelectingAll(false);
  };

  const { run: runBulk } = bulk;
  const { rowOf, keepOnly } = selection;
  const run = useCallback(
    async <Status>(
      action: string,
      send: (chunk: string[]) => Promise<BulkOutcome<Status>>,
      fallback: string,
    ) => {
      const outcome = await runBulk({
        action,
        ids: selection.ids,
        send,
        fallback,
        nameOf: (id) => {
          const row = rowOf(id) ?? seen.current.get(id);
          return row === undefined ? id : nameOf(row);
        },
      });
      keepOnly(outcome.results.filter((result) => !result.ok).map((result) => result.id));
      return outcome;
    },
    [runBulk, selection.ids, rowOf, keepOnly, nameOf],
  );

  /** Runs `work` for the bar's `action`, whose button shows it is pending until the work is over. */
  const whilePending = async <T>(action: Action, work: () => Promise<T>): Promise<T> => {
    setPendingAction(action);
    try {
      return await work();
    } finally {
      setPendingAction(null);
    }
  };

  const matching = selection.matching;
  const note = matching
    ? matching.total > matching.selected
      ? SELECTION_TEXTS.capped(matching.selected, matching.total)
      : SELECTION_TEXTS.allMatchingSelected(matching.selected)
    : null;

  return {
    selection,
    run,
    whilePending,
    isRunning: bulk.isRunning,
    /** The kit DataTable's `selection`: the page's selected rows and the handler of a new choice among them. */
    tableSelection,
    /** The kit BulkBar's props but its actions. */
    bar: {
      texts: {
        label: SELECTION_TEXTS.barLabel,
        countText: SELECTION_TEXTS.selected(selection.count),
        clearLabel: SELECTION_TEXTS.clear,
        failedRowsLabel: SELECTION_TEXTS.failedRowsLabel,
        dismissLabel: SELECTION_TEXTS.dismiss,
        moreFailures: SELECTION_TEXTS.moreFailures,
      },
      count: selection.count,
      onClear: selection.clear,
      selectAllMatching: canSelectMore
        ? {
            label: SELECTION_TEXTS.selectAllMatching(total),
            pendingLabel: SELECTION_TEXTS.selectingAll,
            isPending: isSelectingAll,
            onPress: () => void selectAllMatching(),
          }
        : null,
      note,
      isCapped: matching !== null && matching.total > matching.selected,
      progress: bulk.progress ? SELECTION_TEXTS.progress(bulk.progress.done, bulk.progress.total) : null,
      outcome: bulk.report
        ? {
            summary: SELECTION_TEXTS.outcome(bulk.report.action, bulk.report.succeeded, bulk.report.failed),
            failures: bulk.report.failures,
          }
        : null,
      onDismissOutcome: bulk.dismissReport,
      pendingAction,
    },
  };
}
