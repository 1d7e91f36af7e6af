import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isUserKey } from './keys';

/** Reloads every users query after a change (spec §4: after create, update or delete, lists are reloaded). */
export function useRevalidateUsers(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isUserKey), [mutate]);
}
