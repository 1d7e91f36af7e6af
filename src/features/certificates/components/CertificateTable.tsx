import { useCallback } from 'react';
import type { Certificate } from '../../../contract/certificates';
import type { RoleName } from '../../../contract/roles';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import {
  DataTable,
  RowActions,
  StatusBadge,
  type DataTableColumn,
  type DataTableSelection,
  type SortDescriptor,
} from '../../../ui';
import { formatDateTimeOr, formatDay } from '../../../lib/format/dates';
import { ACTION_VARIANT, rowActionsFor, type CertificateAction } from '../row-actions';
import { Link } from 'react-router';
import { certificatePath } from '../../../lib/routing/entity-paths';
import * as styles from './CertificateTable.css';
import { CertificateFormModal, RenewDialog } from '../lazy-dialogs';
import { LICENSE_TERMS_TEXTS } from '../../../contract/texts/license-terms';
import { TermsBadge } from './TermsBadge';

const TEXTS = CERTIFICATES_TEXTS;

/** Actions whose dialog loads its code when first opened (lazy-dialogs.tsx): pointing at one starts the load. */
const PREPARE: Partial<Record<CertificateAction, () => void>> = {
  edit: CertificateFormModal.preload,
  renew: RenewDialog.preload,
};

/**
 * "Jan 13, 2025, 12:00 PM UTC" free to break between the day and the time only: an active row's five buttons
 * need the width, and a moment broken anywhere else reads badly. Text without that comma stays as it is.
 */
function dayThenTime(text: string) {
  const at = text.lastIndexOf(', ');
  if (at < 0) return text;
  return (
    <>
      <span className={styles.unbroken}>{text.slice(0, at + 1)}</span>{' '}
      <span className={styles.unbroken}>{text.slice(at + 2)}</span>
    </>
  );
}

/** The most characters of a serial that never breaks (`styles.serialLink`): `NW-PENDING-0001` is 15. */
const LONG_SERIAL = 16;

// A sortable column's id is the API's sort key: Validity sorts by its end, validTo.
const columns: DataTableColumn<Certificate>[] = [
  {
    id: 'serialNumber',
    header: TEXTS.columns.serialNumber,
    // Its own page, which a ticket or a chat can link to.
    cell: (c) => (
      <Link
        className={styles.serialLink}
        to={certificatePath(c.uuid)}
        data-long={c.serialNumber.length > LONG_SERIAL || undefined}
      >
        {c.serialNumber}
      </Link>
    ),
    isRowHeader: true,
    noWrap: true,
    allowsSorting: true,
  },
  { id: 'clientName', header: TEXTS.columns.client, cell: (c) => c.clientName, allowsSorting: true },
  {
    id: 'details',
    header: TEXTS.columns.licenseDetails,
    cell: (c) => `${TEXTS.studios(c.studioCount)}, ${TEXTS.users(c.userCount)}`,
  },
  {
    id: 'validTo',
    header: TEXTS.columns.validity,
    cell: (c) => `${formatDay(c.validFrom)} – ${formatDay(c.validTo)}`,
    allowsSorting: true,
  },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (c) => <StatusBadge status={c.status} />,
    allowsSorting: true,
  },
  {
    id: 'lastUsedAt',
    header: TEXTS.columns.lastUsed,
    // The last check-in under the last use (the table has no optional columns, and a column of its own would not
    // fit beside the row buttons at 1024 px): its day, or the overdue badge.
    cell: (c) => (
      <span className={styles.lastUsed}>
        <span>{dayThenTime(formatDateTimeOr(c.lastUsedAt, TEXTS.never))}</span>
        {c.checkInOverdue ? (
          <TermsBadge tone="warning">{LICENSE_TERMS_TEXTS.badges.overdueLabel}</TermsBadge>
        ) : (
          c.lastCheckInAt !== null && (
            <span className={styles.checkIn}>
              {LICENSE_TERMS_TEXTS.list.lastCheckIn(formatDay(c.lastCheckInAt))}
            </span>
          )
        )}
      </span>
    ),
    allowsSorting: true,
  },
];

export interface CertificateTableProps {
  rows: Certificate[] | undefined;
  isLoading: boolean;
  emptyText: string;
  role: RoleName;
  /** The action running on a row, whose button shows it is busy. */
  busy: { id: string; action: string } | null;
  onAction: (action: CertificateAction, certificate: Certificate) => void;
  /** The sort shown on the headers and the handler of a header press. */
  sortDescriptor?: SortDescriptor | undefined;
  onSortChange?: (descriptor: SortDescriptor) => void;
  /** Row selection for the bulk bar; none for a role with no bulk action. */
  selection?: DataTableSelection | undefined;
}

/** A certificate's row id, the same function for every render (the table draws its rows again when it changes). */
export const certificateId = (certificate: Certificate) => certificate.uuid;

/** The certificates list with the actions the row's status and the user's role allow (docs/requirements.md#certificate-lifecycle and #roles). */
export function CertificateTable({
  rows,
  isLoading,
  emptyText,
  role,
  busy,
  onAction,
  sortDescriptor,
  onSortChange,
  selection,
}: CertificateTableProps) {
  // The same function until the role, the busy row or the handler changes: the table draws its rows again only then.
  const rowActions = useCallback(
    (certificate: Certificate) => (
      <RowActions
        actions={rowActionsFor(certificate.status, role).map((action) => {
          const isBusy = busy?.id === certificate.uuid && busy.action === action;
          return {
            action,
            label: TEXTS.actions[action],
            variant: ACTION_VARIANT[action],
            isPending: isBusy,
            isDisabled: busy !== null && !isBusy,
            onPrepare: PREPARE[action],
          };
        })}
        menuLabel={TEXTS.columns.actions}
        onAction={(action) => onAction(action, certificate)}
      />
    ),
    [role, busy, onAction],
  );
  return (
    <DataTable
      aria-label={TEXTS.tableLabel}
      columns={columns}
      rows={rows}
      getRowId={certificateId}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      emptyText={emptyText}
      rowActionsHeader={TEXTS.columns.actions}
      sortDescriptor={sortDescriptor}
      onSortChange={onSortChange}
      selection={selection}
      rowActions={rowActions}
    />
  );
}
