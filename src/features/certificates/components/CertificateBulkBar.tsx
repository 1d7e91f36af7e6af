import type { Certificate, CertificateStatus } from '../../../contract/certificates';
import type { RoleName } from '../../../contract/roles';
import { CERTIFICATES_BULK_TEXTS } from '../../../contract/ui-texts';
import type { useListBulk } from '../../../lib/lists/use-list-bulk';
import { BulkBar, type ButtonVariant } from '../../../ui';
import { bulkActionsFor, type CertificateBulkChoice } from '../bulk-actions';
import type { CertificateFilters } from '../api/keys';
import { BulkRenewDialog } from '../lazy-dialogs';

const VARIANT: Record<CertificateBulkChoice, ButtonVariant> = {
  activate: 'primary',
  renew: 'primary',
  revoke: 'destructive',
  delete: 'destructive',
  download: 'secondary',
};

/**
 * The statuses of the selected certificates as far as they are known: the rows seen on a page, and for ids taken
 * from the server unseen, the status filter they were matched under; 'unknown' when that filter is 'all'.
 */
export function selectedStatuses(
  knownRows: readonly Certificate[],
  hasUnseenRows: boolean,
  statusFilter: CertificateFilters['status'],
): ReadonlySet<CertificateStatus> | 'unknown' {
  const statuses = new Set(knownRows.map((row) => row.status));
  if (!hasUnseenRows) return statuses;
  if (statusFilter === 'all') return 'unknown';
  return statuses.add(statusFilter);
}

/** The certificates list's bulk bar: the count, select-all-matching and the actions all selected rows allow. */
export function CertificateBulkBar({
  bulk,
  role,
  statusFilter,
  onAction,
}: {
  bulk: ReturnType<typeof useListBulk<Certificate, CertificateBulkChoice>>;
  role: RoleName;
  statusFilter: CertificateFilters['status'];
  onAction: (action: CertificateBulkChoice) => void;
}) {
  const { knownRows, hasUnseenRows } = bulk.selection;
  const actions = bulkActionsFor(selectedStatuses(knownRows, hasUnseenRows, statusFilter), role).map(
    (action) => ({
      action,
      label: CERTIFICATES_BULK_TEXTS.actions[action],
      variant: VARIANT[action],
      // Bulk Renew's dialog loads its code when first opened (lazy-dialogs.tsx): pointing at it starts the load.
      onPrepare: action === 'renew' ? BulkRenewDialog.preload : undefined,
    }),
  );
  return <BulkBar {...bulk.bar} actions={actions} onAction={onAction} />;
}
