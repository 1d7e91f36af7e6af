import { useCallback, useMemo, useState } from 'react';

/** How "select all matching" ended: how many ids the server gave and how many rows matched. */
export interface MatchingSelection {
  selected: number;
  total: number;
}

interface SelectionState<Row> {
  /** The filters the selection was made under; another value empties it. */
  filterKey: string;
  /** The selected ids in the order they were selected, each with its row when it was seen on a page. */
  rows: Map<string, Row | undefined>;
  /** Set by "select all matching" until the selection changes by hand. */
  matching: MatchingSelection | null;
}

const emptyState = <Row>(filterKey: string): SelectionState<Row> => ({
  filterKey,
  rows: new Map(),
  matching: null,
});

/**
 * The rows selected on a list, across its pages: the table governs the rows of the page it shows
 * (`pageSelection`), "select all matching" replaces the whole selection with ids from the server (`selectIds`),
 * and a change of the list's filters (`filterKey`: search, status, client, not the page, sort or size) empties it,
 * since rows selected under other filters would be acted on unseen. Rows seen on a page are kept beside their ids,
 * so the bulk bar can tell which actions all of them allow and name the ones that fail.
 */
export function useRowSelection<Row>(filterKey: string, getRowId: (row: Row) => string) {
  const [stored, setState] = useState<SelectionState<Row>>(() => emptyState(filterKey));
  // Another filter empties the selection in the same render, so no action can reach the old rows.
  const state = stored.filterKey === filterKey ? stored : emptyState<Row>(filterKey);
  if (state !== stored) setState(state);

  const update = useCallback(
    (change: (current: SelectionState<Row>) => SelectionState<Row>) =>
      setState((current) => change(current.filterKey === filterKey ? current : emptyState(filterKey))),
    [filterKey],
  );

  /** The table's new choice among the rows of its page; rows on other pages stay as they were. */
  const setPageSelection = useCallback(
    (pageRows: readonly Row[], selectedOnPage: ReadonlySet<string>) =>
      update((current) => {
        const rows = new Map(current.rows);
        for (const row of pageRows) {
          const id = getRowId(row);
          if (selectedOnPage.has(id)) rows.set(id, row);
          else rows.delete(id);
        }
        const isSame =
          rows.size === current.rows.size && [...rows.keys()].every((id) => current.rows.has(id));
        return { ...current, rows, matching: isSame ? current.matching : null };
      }),
    [getRowId, update],
  );

  /** Selects exactly `ids` (every matching row, as the server listed them), keeping the rows already seen. */
  const selectIds = useCallback(
    (ids: readonly string[], matching: MatchingSelection) =>
      update((current) => ({
        ...current,
        rows: new Map(ids.map((id) => [id, current.rows.get(id)])),
        matching,
      })),
    [update],
  );

  /** Keeps only `ids` selected (the rows a bulk call left to deal with), or none. */
  const keepOnly = useCallback(
    (ids: readonly string[] = []) =>
      update((current) => ({
        ...current,
        rows: new Map(ids.filter((id) => current.rows.has(id)).map((id) => [id, current.rows.get(id)])),
        matching: null,
      })),
    [update],
  );

  const clear = useCallback(() => keepOnly([]), [keepOnly]);

  return useMemo(
    () => ({
      /** The selected ids, in the order they were selected. */
      ids: [...state.rows.keys()],
      count: state.rows.size,
      /** The selected rows seen on a page; ids selected from the server alone have none. */
      knownRows: [...state.rows.values()].filter((row): row is Row => row !== undefined),
      /** Whether some selected ids have not been seen on a page (their rows are unknown here). */
      hasUnseenRows: [...state.rows.values()].some((row) => row === undefined),
      rowOf: (id: string) => state.rows.get(id),
      isSelected: (id: string) => state.rows.has(id),
      matching: state.matching,
      /** The selected ids among `pageRows`: the table's `selectedKeys`. */
      selectedOn: (pageRows: readonly Row[]) =>
        new Set(pageRows.map(getRowId).filter((id) => state.rows.has(id))),
      setPageSelection,
      selectIds,
      keepOnly,
      clear,
    }),
    [state, getRowId, setPageSelection, selectIds, keepOnly, clear],
  );
}

export type RowSelection<Row> = ReturnType<typeof useRowSelection<Row>>;
