import type { ReactNode } from 'react';
import { EmptyState } from '../../ui';
import { LoadFailedBanner } from './LoadFailedBanner';

/**
 * What a short list page (API tokens, webhooks) shows under its header: the load-failure banner, then the empty
 * state when there are no rows, else the table. Without rows to show, the banner alone says what went wrong; older
 * rows stay visible under it.
 */
export function LoadedList({
  list,
  rows,
  empty,
  children,
}: {
  /** The list's data hook: its error and `mutate`, which Retry calls. */
  list: { error: Error | null | undefined; mutate: () => Promise<unknown> };
  rows: readonly unknown[] | undefined;
  empty: { title: string; description: string };
  /** The table. */
  children: ReactNode;
}) {
  return (
    <>
      <LoadFailedBanner error={list.error} onRetry={() => list.mutate()} />
      {rows?.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        !(list.error && !rows) && children
      )}
    </>
  );
}
