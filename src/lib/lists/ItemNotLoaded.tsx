import { ApiError } from '../api';
import { layout, LoadingState } from '../../ui';
import { LoadFailedBanner } from './LoadFailedBanner';

/**
 * Whether a detail page's item does not exist: 404 (no such item, or one deleted since) or 400 (an
 * address that cannot be an id). The page shows the app's Not Found page for it.
 */
export const isMissingItem = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

/** A detail page before its item arrives: the failed load's banner with Retry, else the loading state. */
export function ItemNotLoaded({
  error,
  onRetry,
  loadingLabel,
}: {
  error: Error | null | undefined;
  onRetry: () => Promise<unknown>;
  loadingLabel: string;
}) {
  return (
    <div className={layout.page}>
      <LoadFailedBanner error={error} onRetry={onRetry} />
      {!error && <LoadingState label={loadingLabel} />}
    </div>
  );
}
