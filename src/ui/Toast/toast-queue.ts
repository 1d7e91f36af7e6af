import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_DURATION_MS } from '../../contract/constants';

/** Toast kinds of docs/requirements.md#entities. */
export type ToastType = 'success' | 'destructive' | 'warning' | 'default';

/** What a toast shows (docs/requirements.md#entities: type, title, description, duration). */
export interface ToastContent {
  type: ToastType;
  title: string;
  description?: string;
  /** A button on the toast (Undo): pressing it runs `onAction` and closes the toast. */
  action?: { label: string; onAction: () => void };
}

export interface ShowToastOptions extends ToastContent {
  /** Milliseconds before it closes by itself; docs/requirements.md#constants default 2000. */
  duration?: number;
}

export type AppToastQueue = ToastQueue<ToastContent>;

/** Queues whose toasts stay until closed (see `createToastQueue`). */
const heldQueues = new WeakSet<AppToastQueue>();

/**
 * A queue per app (and per story) so toasts never leak between independent trees. A `held` queue keeps every
 * toast until it is closed, ignoring its duration: the stories use one so that a screenshot or a check taken after
 * a toast appeared never races the toast's timer on a slow machine.
 */
export function createToastQueue({ held = false }: { held?: boolean } = {}): AppToastQueue {
  const queue = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });
  if (held) heldQueues.add(queue);
  return queue;
}

/** Adds a toast and returns its id. */
export function showToast(
  queue: AppToastQueue,
  { duration = TOAST_DURATION_MS, ...content }: ShowToastOptions,
): string {
  return queue.add(content, heldQueues.has(queue) ? {} : { timeout: duration });
}
