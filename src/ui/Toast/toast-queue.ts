import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_DURATION_MS } from '../../contract/constants';

/** Toast kinds of docs/requirements.md#entities. */
export type ToastType = 'success' | 'destructive' | 'warning' | 'default';

/** What a toast shows (docs/requirements.md#entities: type, title, description, duration). */
export interface ToastContent {
  type: ToastType;
  title: string;
  description?: string;
}

export interface ShowToastOptions extends ToastContent {
  /** Milliseconds before it closes by itself; docs/requirements.md#constants default 2000. */
  duration?: number;
}

export type AppToastQueue = ToastQueue<ToastContent>;

/** A queue per app (and per story) so toasts never leak between independent trees. */
export function createToastQueue(): AppToastQueue {
  return new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });
}

/** Adds a toast and returns its id. */
export function showToast(
  queue: AppToastQueue,
  { duration = TOAST_DURATION_MS, ...content }: ShowToastOptions,
): string {
  return queue.add(content, { timeout: duration });
}
