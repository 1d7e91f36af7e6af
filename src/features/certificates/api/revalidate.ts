import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { DASHBOARD_KEY_ROOT } from './keys';

/**
 * After a create, update, delete or lifecycle step: reload every certificates list (spec §4) and
 * the dashboard's counters, even those cached for 5 minutes.
 */
export function useRevalidateCertificates() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => Array.isArray(key) && (key[0] === 'certificates' || key[0] === DASHBOARD_KEY_ROOT)),
    [mutate],
  );
}
