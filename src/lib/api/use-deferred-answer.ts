import { useDeferredValue } from 'react';

/**
 * A call's answer as the screen draws it: through a deferred value, so what it draws from the answer (a hundred rows)
 * is drawn in a transition, in slices, while the last answer stays on screen. Still loading until that
 * render shows the first answer.
 */
export function useDeferredAnswer<T>(answer: T | undefined, isLoading: boolean) {
  const shown = useDeferredValue(answer);
  return { shown, isLoading: isLoading || (shown === undefined && answer !== undefined) };
}
