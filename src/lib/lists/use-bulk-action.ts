import { useCallback, useState } from 'react';
import type { BulkOutcome } from '../../contract/bulk';
import { SELECTION_TEXTS } from '../../contract/texts/lists';
import { useRevalidateAreas, type CacheArea } from '../api/revalidate';
import type { ToastShower } from '../toasts/outcome-toasts';
import { runInChunks } from './run-bulk';

/** One failed row of a bulk call, named for the outcome panel. */
export interface BulkFailure {
  id: string;
  name: string;
  message: string;
}

/** What the bulk bar shows once a bulk call is over. */
export interface BulkReport {
  /** The action's name ('Revoke'). */
  action: string;
  succeeded: number;
  failed: number;
  failures: BulkFailure[];
}

export interface BulkRun<Status> {
  /** The action's name in the outcome and the toast. */
  action: string;
  ids: readonly string[];
  /** One call of at most MAX_BULK_IDS ids. */
  send: (chunk: string[]) => Promise<BulkOutcome<Status>>;
  /** The text of a call that failed without a message of its own. */
  fallback: string;
  /** How a failed row is named (its serial number, its name); the id when it was never seen. */
  nameOf: (id: string) => string;
}

/**
 * A list's bulk actions: runs one in chunks (`runInChunks`), then reloads the `reloads` areas once, shows
 * one toast with the counts and keeps the outcome (which rows failed and why) for the bulk bar. Resolves the
 * outcome, so the screen can keep the failed rows selected.
 */
export function useBulkAction(toast: ToastShower, reloads: readonly CacheArea[]) {
  const revalidate = useRevalidateAreas(...reloads);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);

  const run = useCallback(
    async <Status>({ action, ids, send, fallback, nameOf }: BulkRun<Status>) => {
      setReport(null);
      setProgress({ done: 0, total: ids.length });
      const outcome = await runInChunks(ids, send, {
        fallback,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      setProgress(null);
      void revalidate();
      const failures = outcome.results
        .filter((result) => !result.ok)
        .map((result) => ({
          id: result.id,
          name: nameOf(result.id),
          message: result.error?.message ?? fallback,
        }));
      setReport({ action, succeeded: outcome.succeeded, failed: outcome.failed, failures });
      toast.show({
        type: outcome.failed === 0 ? 'success' : 'destructive',
        title:
          outcome.failed === 0
            ? SELECTION_TEXTS.toastDone
            : outcome.succeeded === 0
              ? SELECTION_TEXTS.toastFailed
              : SELECTION_TEXTS.toastPartlyFailed,
        description: SELECTION_TEXTS.outcome(action, outcome.succeeded, outcome.failed),
      });
      return outcome;
    },
    [revalidate, toast],
  );

  return {
    run,
    /** While a bulk call runs: how many ids are done. */
    progress,
    isRunning: progress !== null,
    report,
    dismissReport: useCallback(() => setReport(null), []),
  };
}
