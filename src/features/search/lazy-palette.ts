import { lazyDialog } from '../../lib/lazy/lazy-dialog';

/**
 * The palette's code (the search call, its schemas, the results list) loads when it first opens, or when the launcher
 * is pointed at or focused, never with the console's first screen (`npm run size`). A failed load closes it with
 * the console's toast for dialogs (src/lib/lazy/lazy-dialog.tsx); the next opening tries again.
 */
export const CommandPalette = lazyDialog(
  async () => (await import('./CommandPalette')).CommandPalette,
  (props) => props.onClose(),
);
