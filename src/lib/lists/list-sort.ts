import { SORT_ORDERS, type SortOrder } from '../../contract/common';

/** A list's sort as the URL and the API hold it: a key of the list's, and `asc` or `desc`. */
export interface ListSort<Key extends string> {
  sort: Key | undefined;
  order: SortOrder | undefined;
}

/** What a sortable table header shows (the kit's DataTable `sortDescriptor`, react-aria's shape). */
export interface HeaderSort {
  column: string | number;
  direction: 'ascending' | 'descending';
}

/** The sort of a query string; an unknown key or order is left out, so the list falls back to newest first. */
export function sortFromSearchParams<Key extends string>(
  params: URLSearchParams,
  keys: readonly Key[],
): ListSort<Key> {
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    sort: (keys as readonly string[]).includes(sort ?? '') ? (sort as Key) : undefined,
    order: (SORT_ORDERS as readonly string[]).includes(order ?? '') ? (order as SortOrder) : undefined,
  };
}

/** Writes the sort into `params` (left out when the list is in its default order). */
export function writeSort(params: URLSearchParams, { sort, order }: ListSort<string>): void {
  if (sort) params.set('sort', sort);
  else params.delete('sort');
  if (sort && order) params.set('order', order);
  else params.delete('order');
}

/** The header's descriptor of a sort: none while the list is in its default order (no column claims it). */
export function headerSortOf({ sort, order }: ListSort<string>): HeaderSort | undefined {
  return sort ? { column: sort, direction: order === 'desc' ? 'descending' : 'ascending' } : undefined;
}

/**
 * The sort a header press asks for. Column ids are the API's sort keys (a column that sorts by another key maps
 * it in `columnKeys`); a column that is not sortable gives no sort.
 */
export function sortOfHeader<Key extends string>(
  descriptor: HeaderSort,
  keys: readonly Key[],
): ListSort<Key> | null {
  const column = String(descriptor.column);
  if (!(keys as readonly string[]).includes(column)) return null;
  return { sort: column as Key, order: descriptor.direction === 'descending' ? 'desc' : 'asc' };
}

/** The sort as query parameters of a list or export call (absent in the default order). */
export const sortQuery = <Key extends string>({ sort, order }: ListSort<Key>) =>
  sort ? { sort, order: order ?? 'asc' } : {};
