import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { extendValidTo, type CertificateStatus } from '../../contract/certificates';
import { roleMayTake } from '../../contract/certificate-lifecycle';
import type { DashboardStats, ExpiringCertificate } from '../../contract/dashboard';
import { DASHBOARD_ERRORS, DASHBOARD_TEXTS as TEXTS, LIST_TEXTS } from '../../contract/ui-texts';
import { useDeferredAnswer } from '../../lib/api/use-deferred-answer';
import { formatDay } from '../../lib/format/dates';
import { reportOutcome } from '../../lib/toasts/outcome-toasts';
import { useApi, useSessionState } from '../../lib/session';
import { Button, ConfirmDialog, layout, PageHeader, StatCard, StatGrid, useToast } from '../../ui';
import { getActivity, useActivity } from './api/get-activity';
import { getDashboardStats, useDashboardStats } from './api/get-dashboard-stats';
import { getExpiringCertificates, useExpiringCertificates } from './api/get-expiring-certificates';
import { FIRST_EXPIRING_QUERY, RECENT_ACTIVITY } from './api/keys';
import { useRenewCertificate } from './api/renew-certificate';
import { CertificateOverview } from './components/CertificateOverview';
import { ExpiringCertificates } from './components/ExpiringCertificates';
import { RecentActivity } from './components/RecentActivity';
import { NeedsAttention } from './components/NeedsAttention';
import { getOverdueCheckIns, useOverdueCheckIns } from './api/get-overdue-check-ins';
import * as styles from './DashboardPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

/** Where a counter links: the certificates list filtered by that status (docs/requirements.md#dashboard). */
const certificatesWithStatus = (status: CertificateStatus) => `/certificates?status=${status}`;

const STAT_CARDS: { label: string; value: (stats: DashboardStats) => number; status?: CertificateStatus }[] =
  [
    { label: TEXTS.totalClients, value: (stats) => stats.totalClients },
    { label: TEXTS.activeCerts, value: (stats) => stats.activeCertificates, status: 'active' },
    { label: TEXTS.distributedCerts, value: (stats) => stats.distributedCertificates, status: 'distributed' },
    { label: TEXTS.expiredCerts, value: (stats) => stats.expiredCertificates, status: 'expired' },
  ];

/**
 * The expiring panel draws up to a hundred rows, the dashboard's longest render. Memoised, it is not drawn
 * again when the counters or the activity answer; its page arrives through a deferred value (below), so React draws
 * the rows in a transition, in slices, and the page answers input meanwhile.
 */
const ExpiringPanel = memo(ExpiringCertificates);

/** The dashboard's renewal: a year on from the row's own end, the day kept (the bulk call's `extendBy: {months: 12}`). */
const renewedEnd = (certificate: ExpiringCertificate) => extendValidTo(certificate.validTo, 12);

/** The dashboard of docs/requirements.md#dashboard: counters, recent certificate activity, overview and expiring certificates. */
export function DashboardPage() {
  const api = useApi();
  const toast = useToast();
  const session = useSessionState();
  const role = session.status === 'authenticated' ? session.user.role.name : 'viewer';
  const [days, setDays] = useState(FIRST_EXPIRING_QUERY.days);
  const [search, setSearch] = useState(FIRST_EXPIRING_QUERY.search);
  const [page, setPage] = useState(FIRST_EXPIRING_QUERY.page);
  const expiringQuery = { days, search, page, limit: FIRST_EXPIRING_QUERY.limit };
  const stats = useDashboardStats();
  const expiring = useExpiringCertificates(expiringQuery);
  const expiringPage = useDeferredAnswer(expiring.data, expiring.isLoading);
  const renew = useRenewCertificate();
  // The row asked about, then the one being renewed (its button busy while the call runs).
  const [toRenew, setToRenew] = useState<ExpiringCertificate | null>(null);
  const [renewingId, setRenewingId] = useState<string | null>(null);
  const activity = useActivity(RECENT_ACTIVITY);
  const overdue = useOverdueCheckIns();
  const [isRefreshing, setRefreshing] = useState(false);

  const error = stats.error ?? activity.error ?? expiring.error;
  // 'Load Failed' once for each load that fails, not again on every render while it stays failed.
  const reportedError = useRef<Error | null>(null);
  useEffect(() => {
    if (error && error !== reportedError.current) {
      toast.show({
        type: 'destructive',
        title: TEXTS.loadFailedTitle,
        description: TEXTS.loadFailedDescription,
      });
    }
    reportedError.current = error ?? null;
  }, [error, toast]);

  // A new timeframe or search starts again at its first page.
  const changeDays = useCallback((next: number) => {
    setDays(next);
    setPage(1);
  }, []);
  const changeSearch = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);

  const handleRefresh = async () => {
    setRefreshing(true);
    try {
      // Each call that answers replaces its own cache entry; one that fails keeps what it showed, and the toast says so.
      await Promise.all([
        stats.mutate(getDashboardStats(api), { revalidate: false }),
        expiring.mutate(getExpiringCertificates(api, expiringQuery), { revalidate: false }),
        activity.mutate(getActivity(api, RECENT_ACTIVITY), { revalidate: false }),
        overdue.mutate(getOverdueCheckIns(api), { revalidate: false }),
      ]);
    } catch {
      toast.show({
        type: 'destructive',
        title: TEXTS.refreshFailedTitle,
        description: TEXTS.refreshFailedDescription,
      });
    } finally {
      setRefreshing(false);
    }
  };

  /** The confirmed renewal; the question stays open after a failure, so the user can retry or cancel. */
  const handleRenew = async (certificate: ExpiringCertificate) => {
    setRenewingId(certificate.uuid);
    const isRenewed = await reportOutcome(toast, () => renew(certificate.uuid, renewedEnd(certificate)), {
      done: (renewed) => ({
        title: TEXTS.renewed,
        description: TEXTS.renewedDescription(renewed.serialNumber, formatDay(renewed.validTo)),
      }),
      failed: { title: TEXTS.renewFailed, description: DASHBOARD_ERRORS.renewFailed },
    });
    setRenewingId(null);
    return isRenewed;
  };

  return (
    <div className={layout.page}>
      <PageHeader
        title={TEXTS.title}
        actions={
          <Button variant="secondary" onPress={handleRefresh} isPending={isRefreshing}>
            {isRefreshing ? TEXTS.refreshing : TEXTS.refresh}
          </Button>
        }
      />
      <LoadFailedBanner
        error={error}
        onRetry={() => Promise.all([stats.mutate(), expiring.mutate(), activity.mutate()])}
      />
      <StatGrid label={TEXTS.statsLabel}>
        {STAT_CARDS.map((card) => (
          <StatCard
            key={card.label}
            title={card.label}
            value={stats.data ? card.value(stats.data) : undefined}
            href={card.status ? certificatesWithStatus(card.status) : undefined}
          />
        ))}
      </StatGrid>
      {/* Its own failure is said in the panel: the page's banner and toast stay about the counters and lists. */}
      <NeedsAttention
        overdue={overdue.data}
        isLoading={overdue.isLoading}
        error={overdue.error ? LIST_TEXTS.notLoaded : null}
      />
      <div className={styles.columns}>
        <RecentActivity
          activities={activity.data?.activities}
          isLoading={activity.isLoading}
          error={activity.error ? LIST_TEXTS.notLoaded : null}
        />
        <CertificateOverview stats={stats.data} />
      </div>
      <ExpiringPanel
        days={days}
        onDaysChange={changeDays}
        search={search}
        onSearchChange={changeSearch}
        onPageChange={setPage}
        page={expiringPage.shown}
        isLoading={expiringPage.isLoading}
        error={expiring.error ? LIST_TEXTS.notLoaded : null}
        renewingId={renewingId}
        onRenew={roleMayTake(role, 'renew') ? setToRenew : undefined}
      />
      {toRenew && (
        <ConfirmDialog
          title={TEXTS.renewTitle}
          message={TEXTS.renewMessage(
            toRenew.serialNumber,
            formatDay(toRenew.validTo),
            formatDay(renewedEnd(toRenew)),
          )}
          confirmLabel={TEXTS.renewConfirm}
          pendingLabel={TEXTS.renewing}
          cancelLabel={TEXTS.renewCancel}
          variant="primary"
          isOpen
          onOpenChange={(open) => !open && setToRenew(null)}
          onConfirm={() => handleRenew(toRenew)}
        />
      )}
    </div>
  );
}
