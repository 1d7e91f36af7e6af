import type { Certificate } from '../../../contract/certificates';
import type { RoleName } from '../../../contract/roles';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { DataTable, RowActions, StatusBadge, type ButtonVariant, type DataTableColumn } from '../../../ui';
import { formatDateTimeOr, formatDay } from '../../../lib/format/dates';
import { rowActionsFor, type CertificateAction } from '../row-actions';

const TEXTS = CERTIFICATES_TEXTS;

const columns: DataTableColumn<Certificate>[] = [
  {
    id: 'serialNumber',
    header: TEXTS.columns.serialNumber,
    cell: (c) => c.serialNumber,
    isRowHeader: true,
    noWrap: true,
  },
  { id: 'client', header: TEXTS.columns.client, cell: (c) => c.clientName },
  {
    id: 'details',
    header: TEXTS.columns.licenseDetails,
    cell: (c) => `${TEXTS.studios(c.studioCount)}, ${TEXTS.users(c.userCount)}`,
  },
  {
    id: 'validity',
    header: TEXTS.columns.validity,
    cell: (c) => `${formatDay(c.validFrom)} – ${formatDay(c.validTo)}`,
  },
  { id: 'status', header: TEXTS.columns.status, cell: (c) => <StatusBadge status={c.status} /> },
  {
    id: 'lastUsed',
    header: TEXTS.columns.lastUsed,
    cell: (c) => formatDateTimeOr(c.lastUsedAt, TEXTS.never),
    noWrap: true,
  },
];

const ACTION_VARIANT: Record<CertificateAction, ButtonVariant> = {
  edit: 'secondary',
  activate: 'primary',
  delete: 'destructive',
  download: 'primary',
  revoke: 'destructive',
  history: 'ghost',
};

export interface CertificateTableProps {
  rows: Certificate[] | undefined;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  role: RoleName;
  /** The action running on a row, whose button shows it is busy. */
  busy: { id: string; action: CertificateAction } | null;
  onAction: (action: CertificateAction, certificate: Certificate) => void;
}

/** The certificates list with the actions the row's status and the user's role allow (docs/requirements.md#certificate-lifecycle and #roles). */
export function CertificateTable({
  rows,
  isLoading,
  error,
  emptyText,
  role,
  busy,
  onAction,
}: CertificateTableProps) {
  return (
    <DataTable
      aria-label={TEXTS.tableLabel}
      columns={columns}
      rows={rows}
      getRowId={(c) => c.uuid}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      error={error}
      emptyText={emptyText}
      rowActionsHeader={TEXTS.columns.actions}
      rowActions={(certificate) => (
        <RowActions
          actions={rowActionsFor(certificate.status, role).map((action) => {
            const isBusy = busy?.id === certificate.uuid && busy.action === action;
            return {
              action,
              label: TEXTS.actions[action],
              variant: ACTION_VARIANT[action],
              isPending: isBusy,
              isDisabled: busy !== null && !isBusy,
            };
          })}
          onAction={(action) => onAction(action, certificate)}
        />
      )}
    />
  );
}
