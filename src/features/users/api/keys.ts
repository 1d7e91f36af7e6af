import type { SortOrder } from '../../../contract/common';
import type { UserSortKey } from '../../../contract/users';
import type { ActiveStatusFilter } from './types';

/** What the users list is asked for (page from 1, with its sort and order). */
export interface UsersListParams {
  page: number;
  limit: number;
  search?: string;
  status?: ActiveStatusFilter;
  sort?: UserSortKey;
  order?: SortOrder;
}

/**
 * SWR keys of the users area. Every key starts with 'users', so one `mutate` on that prefix
 * reloads every users list and assignment after a change (docs/requirements.md#sessions).
 */
export const userKeys = {
  all: ['users'] as const,
  list: (params: UsersListParams) => ['users', 'list', params] as const,
  one: (id: string) => ['users', 'one', id] as const,
  roles: () => ['users', 'roles'] as const,
  clients: (id: string) => ['users', 'clients', id] as const,
};
