import { useState } from 'react';
import { LIST_TEXTS } from '../../contract/texts/shell';
import { Button, ErrorBanner } from '../../ui';

/**
 * A page's one report of a failed load: the server's message and a Retry button that loads again, in
 * place of a message repeated inside each table. Nothing when there is no error.
 */
export function LoadFailedBanner({
  error,
  onRetry,
}: {
  error: Error | null | undefined;
  /** Loads again (the data hook's `mutate`); the button waits until it settles. */
  onRetry: () => Promise<unknown>;
}) {
  const [isRetrying, setRetrying] = useState(false);
  if (!error) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <ErrorBanner
      message={error.message}
      action={
        <Button variant="secondary" size="sm" isPending={isRetrying} onPress={() => void retry()}>
          {LIST_TEXTS.retry}
        </Button>
      }
    />
  );
}
