import { useState } from 'react';
import { reportOutcome, type OutcomeToasts, type ToastShower } from '../toasts/outcome-toasts';

/**
 * A change to one row of a list (delete it, disable it), reported in toasts (`reportOutcome`). While it
 * runs `pendingId` is the row's id, so that row's button waits and a second press sends nothing.
 * `run` resolves whether the change was made.
 */
export function useRowChange<Row extends { uuid: string }, R>(
  toast: ToastShower,
  change: (row: Row) => Promise<R>,
  toasts: (row: Row) => OutcomeToasts<R>,
) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const run = async (row: Row): Promise<boolean> => {
    setPendingId(row.uuid);
    const isDone = await reportOutcome(toast, () => change(row), toasts(row));
    setPendingId(null);
    return isDone;
  };
  return { pendingId, run };
}
