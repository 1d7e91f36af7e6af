import type { BulkOutcome, SelectionIds } from '../../contract/bulk';
import { useListBulk, type ListBulkOptions } from './use-list-bulk';
import type { ListQuery } from './use-list-page';

/** A row of the users or the clients list: selected by its uuid, named by its name in an outcome. */
export interface NamedRow {
  uuid: string;
  name: string;
}

const rowId = (row: NamedRow) => row.uuid;
const rowName = (row: NamedRow) => row.name;

export interface ListPageBulkOptions<Row, Action extends string> extends Omit<
  ListBulkOptions<Row>,
  'filterKey' | 'fetchIds' | 'getRowId' | 'nameOf'
> {
  /** The list screen's `useListPage`: its filters narrow both the rows and "Select all N matching". */
  list: { filterKey: string; query: Pick<ListQuery, 'search' | 'status'> };
  /** The list's `GET …/ids` call. */
  listIds: (match: Pick<ListQuery, 'search' | 'status'>) => Promise<SelectionIds>;
  /** Each action's label (the bar's button and the outcome toast), and what a failed row says without a message. */
  texts: { actions: Record<Action, string>; bulkError: string };
  /** The list's `POST …/bulk` call for one chunk of ids. */
  send: (action: Action, ids: string[]) => Promise<BulkOutcome>;
}

/**
 * `useListBulk` for a list opened with `useListPage` (users, clients), whose bulk actions are one call each:
 * `barProps(allowed)` are the kit BulkBar's props, offering the actions allowed for the selection and running the
 * one pressed on every selected row while its button shows it pending.
 */
export function useListPageBulk<Row extends NamedRow, Action extends string>({
  list,
  listIds,
  texts,
  send,
  ...options
}: ListPageBulkOptions<Row, Action>) {
  const bulk = useListBulk<Row, Action>({
    ...options,
    getRowId: rowId,
    nameOf: rowName,
    filterKey: list.filterKey,
    fetchIds: () => listIds({ search: list.query.search, status: list.query.status }),
  });

  const runAction = (action: Action) =>
    bulk.whilePending(action, () =>
      bulk.run(texts.actions[action], (chunk) => send(action, chunk), texts.bulkError),
    );

  const barProps = (allowed: readonly Action[]) => ({
    ...bulk.bar,
    actions: allowed.map((action) => ({ action, label: texts.actions[action] })),
    onAction: (action: Action) => void runAction(action),
  });

  return { ...bulk, barProps };
}
