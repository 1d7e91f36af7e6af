import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A dialog whose code loads when it first opens. The date fields (react-aria's calendars, a chunk of their own in
 * vite.config.ts) are used only by these dialogs, and the certificates page drew its first rows later for loading
 * them (docs/performance.md). Each has its own Suspense boundary: without one, React hides the nearest boundary's
 * whole content, the page and its open dialogs included, while the chunk loads.
 */
function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Dialog = lazy<ComponentType<Props>>(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const CertificateFormModal = lazyDialog(
  async () => (await import('./components/CertificateFormModal')).CertificateFormModal,
);
export const RenewDialog = lazyDialog(async () => (await import('./components/RenewDialog')).RenewDialog);
export const BulkRenewDialog = lazyDialog(
  async () => (await import('./components/BulkRenewDialog')).BulkRenewDialog,
);
