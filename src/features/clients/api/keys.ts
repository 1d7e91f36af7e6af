import type { ClientSortKey } from '../../../contract/clients';
import type { SortOrder } from '../../../contract/common';
import type { ActiveStatusFilter } from './types';

/** What the clients list (and its CSV export) is asked for (page from 1, with its sort and order). */
export interface ClientsListParams {
  page: number;
  limit: number;
  search?: string;
  status?: ActiveStatusFilter;
  sort?: ClientSortKey;
  order?: SortOrder;
}

/**
 * SWR keys of the clients area. Every key starts with 'clients', so one `mutate` on that prefix
 * reloads every clients list and assignment after a change (docs/requirements.md#sessions).
 */
export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientsListParams) => ['clients', 'list', params] as const,
  users: (id: string) => ['clients', 'users', id] as const,
  /** One client, for its own page. */
  one: (id: string) => ['clients', 'one', id] as const,
  /** The Assign Users picker's active users (`GET /users?status=active&limit=100&search=`). */
  assignableUsers: (search: string) => ['clients', 'assignable-users', search] as const,
};
