import { useState } from 'react';
import { EXPIRATION_DAY_OPTIONS } from '../../../contract/constants';
import type { ExpiringCertificate } from '../../../contract/dashboard';
import { DASHBOARD_TEXTS as TEXTS } from '../../../contract/ui-texts';
import {
  DataTable,
  DaysUntilExpiry,
  daysUntilExpiry,
  layout,
  SearchField,
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

const columns: DataTableColumn<ExpiringCertificate>[] = [
  {
    id: 'serialNumber',
    header: TEXTS.expiringColumns.certificateNumber,
    cell: (c) => c.serialNumber,
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
  {
    id: 'status',
    header: TEXTS.expiringColumns.status,
    cell: (c) =>
      c.validTo <= Date.now() ? (
        <StatusBadge status="expired">{TEXTS.expiredBadge}</StatusBadge>
      ) : (
        <StatusBadge status="active">{TEXTS.activeBadge}</StatusBadge>
      ),
  },
];

export interface ExpiringCertificatesProps {
  days: number;
  onDaysChange: (days: number) => void;
  rows: ExpiringCertificate[] | undefined;
  isLoading: boolean;
  error: string | null;
}

/** 'Expiring Certificates' (docs/requirements.md#dashboard): a timeframe, a search by serial number or client name, and the table. */
export function ExpiringCertificates({
  days,
  onDaysChange,
  rows,
  isLoading,
  error,
}: ExpiringCertificatesProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? rows?.filter(
        (c) => c.serialNumber.toLowerCase().includes(needle) || c.clientName.toLowerCase().includes(needle),
      )
    : rows;
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
          <SearchField
            label={TEXTS.expiringSearch}
            placeholder={TEXTS.expiringSearch}
            value={search}
            onChange={setSearch}
          />
        </div>
      </div>
      <DataTable
        aria-label={TEXTS.expiring}
        columns={columns}
        rows={shown}
        getRowId={(c) => c.uuid}
        isLoading={isLoading}
        error={error}
        emptyText={needle ? TEXTS.noExpiringMatch : TEXTS.noExpiring}
      />
    </section>
  );
}
