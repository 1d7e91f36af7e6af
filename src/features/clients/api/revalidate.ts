import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isClientKey } from './keys';

/** Reloads every clients query after a change (spec §4: after create, update or delete, lists are reloaded). */
export function useRevalidateClients(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isClientKey), [mutate]);
}
