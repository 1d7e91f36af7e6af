import { Link } from 'react-router';
import { certificatePath } from '../../../lib/routing/entity-paths';
import { ListPagination } from '../../../lib/lists/ListPagination';
import { EXPIRATION_DAY_OPTIONS } from '../../../contract/constants';
import { ListSearchField } from '../../../lib/lists/ListSearchField';
import {
  EXPIRING_PAGE_LIMIT,
  type ExpirationPage,
  type ExpiringCertificate,
} from '../../../contract/dashboard';
import { DASHBOARD_TEXTS as TEXTS } from '../../../contract/ui-texts';
import {
  DaysUntilExpiry,
  daysUntilExpiry,
  layout,
  PlainButton,
  PlainTable,
  Select,
  StatusBadge,
  type DataTableColumn,
  type SelectOption,
} from '../../../ui';
import { formatDay } from '../../../lib/format/dates';
import * as styles from '../DashboardPage.css';

const TIMEFRAMES: SelectOption<number>[] = EXPIRATION_DAY_OPTIONS.map((days) => ({
  id: days,
  label: TEXTS.timeframeOption(days),
}));

/**
 * The row's status as the server gave it (a distributed certificate reads DISTRIBUTED, not ACTIVE), except that a
 * row whose end passed while the page was open reads EXPIRED at once, before the next load.
 */
function statusBadge(c: ExpiringCertificate) {
  if (c.validTo <= Date.now()) return <StatusBadge status="expired">{TEXTS.expiredBadge}</StatusBadge>;
  return c.status === 'distributed' ? (
    <StatusBadge status="distributed">{TEXTS.distributedBadge}</StatusBadge>
  ) : (
    <StatusBadge status="active">{TEXTS.activeBadge}</StatusBadge>
  );
}

const columns: DataTableColumn<ExpiringCertificate>[] = [
  {
    id: 'serialNumber',
    header: TEXTS.expiringColumns.certificateNumber,
    // No detail page yet: the certificates list searched for the serial number shows the row and its actions.
    cell: (c) => (
      <Link
        className={styles.serialLink}
        to={certificatePath(c.uuid)}
        title={TEXTS.serialLink(c.serialNumber)}
      >
        {c.serialNumber}
      </Link>
    ),
    isRowHeader: true,
    noWrap: true,
  },
  { id: 'client', header: TEXTS.expiringColumns.client, cell: (c) => c.clientName },
  {
    id: 'details',
    header: TEXTS.expiringColumns.details,
    cell: (c) => TEXTS.seats(c.studioCount, c.userCount),
  },
  {
    id: 'expiryDate',
    header: TEXTS.expiringColumns.expiryDate,
    // An instant, shown as the day it falls on in UTC, like the validity days.
    cell: (c) => formatDay(c.validTo),
    noWrap: true,
  },
  {
    id: 'days',
    header: TEXTS.expiringColumns.daysUntilExpiry,
    noWrap: true,
    // docs/requirements.md#entities: the console computes the days itself (rounded up), from validTo and its own clock.
    cell: (c) => <DaysUntilExpiry days={daysUntilExpiry(c.validTo)} />,
  },
  { id: 'status', header: TEXTS.expiringColumns.status, cell: statusBadge },
];

export interface ExpiringCertificatesProps {
  days: number;
  onDaysChange: (days: number) => void;
  /** The server-side search, sent once typing pauses. */
  search: string;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
  page: ExpirationPage | undefined;
  isLoading: boolean;
  error: string | null;
  /** The row whose renewal runs; its button shows it. */
  renewingId: string | null;
  /** For roles that may renew: the row's Renew button (a year on, after a confirmation); none otherwise. */
  onRenew?: ((certificate: ExpiringCertificate) => void) | undefined;
}

/**
 * 'Expiring Certificates' (docs/requirements.md#dashboard): a timeframe, a search by serial number or client name,
 * and the table, paged past its first hundred rows, each row linking to its certificate and, for the
 * roles that may, renewing it. A plain table: its rows are read, not selected or sorted, and a hundred of them in a
 * grid were the dashboard's longest task.
 */
export function ExpiringCertificates({
  days,
  onDaysChange,
  search,
  onSearchChange,
  onPageChange,
  page,
  isLoading,
  error,
  renewingId,
  onRenew,
}: ExpiringCertificatesProps) {
  return (
    <section className={styles.panel} aria-labelledby="expiring-certificates">
      <div className={styles.panelHeader}>
        <h2 id="expiring-certificates" className={styles.panelTitle}>
          {TEXTS.expiring}
        </h2>
        <div className={layout.toolbar}>
          <Select
            label={TEXTS.timeframe}
            isLabelHidden
            options={TIMEFRAMES}
            value={days}
            onChange={onDaysChange}
          />
          <ListSearchField
            label={TEXTS.expiringSearch}
            placeholder={TEXTS.expiringSearch}
            value={search}
            onChange={onSearchChange}
          />
        </div>
      </div>
      <PlainTable
        aria-label={TEXTS.expiring}
        columns={columns}
        rows={page?.expiringCertificates}
        getRowId={(c) => c.uuid}
        isLoading={isLoading}
        error={error}
        emptyText={search.trim() ? TEXTS.noExpiringMatch : TEXTS.noExpiring}
        {...(onRenew
          ? {
              rowActionsHeader: TEXTS.expiringColumns.actions,
              rowActions: (c: ExpiringCertificate) => (
                // A hundred rows: the browser's own button (PlainButton), not react-aria's.
                <PlainButton
                  size="sm"
                  aria-label={TEXTS.renewLabel(c.serialNumber)}
                  isPending={renewingId === c.uuid}
                  isDisabled={renewingId !== null && renewingId !== c.uuid}
                  onPress={() => onRenew(c)}
                >
                  {TEXTS.renew}
                </PlainButton>
              ),
            }
          : {})}
      />
      {/* The pager shows once there is more than one page: the list the requirements describe fits in one. */}
      {page && page.total > EXPIRING_PAGE_LIMIT && (
        <ListPagination
          page={page.page}
          pageSize={page.limit}
          total={page.total}
          noun={TEXTS.paginationNoun}
          label={TEXTS.paginationLabel}
          onPageChange={onPageChange}
        />
      )}
    </section>
  );
}
