import { useCallback } from 'react';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session';
import { useRevalidateCertificates } from './revalidate';

/**
 * A change: runs `call` with the session's API client, then reloads the lists and counters
 * (also after a failure, since the server may have changed the row in between).
 */
export function useCertificateMutation<A extends unknown[], R>(
  call: (api: ApiClient, ...args: A) => Promise<R>,
) {
  const api = useApi();
  const revalidate = useRevalidateCertificates();
  return useCallback(
    async (...args: A): Promise<R> => {
      try {
        return await call(api, ...args);
      } finally {
        void revalidate();
      }
    },
    [api, call, revalidate],
  );
}
