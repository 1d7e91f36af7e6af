import { lazyDialog } from '../../lib/lazy/lazy-dialog';

// The certificate dialogs with date fields, the only parts of these pages that draw one: their code (one chunk,
// date-dialogs.ts), and the date fields' chunk (vite.config.ts), load when one first opens. How a failed load ends:
// src/lib/lazy/lazy-dialog.tsx.

export const CertificateFormModal = lazyDialog(
  async () => (await import('./date-dialogs')).CertificateFormModal,
  (props) => props.onOpenChange(false),
);

export const RenewDialog = lazyDialog(
  async () => (await import('./date-dialogs')).RenewDialog,
  (props) => props.onClose(),
);

export const BulkRenewDialog = lazyDialog(
  async () => (await import('./date-dialogs')).BulkRenewDialog,
  (props) => props.onOpenChange(false),
);

export const AmendTermsDialog = lazyDialog(
  async () => (await import('./date-dialogs')).AmendTermsDialog,
  (props) => props.onClose(),
);
