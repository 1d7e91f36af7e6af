import { useEffect, useRef, useState } from 'react';
import type { CertificateStatus } from '../../contract/certificates';
import { DEFAULT_EXPIRATION_DAYS, RECENT_ACTIVITY_ROWS } from '../../contract/constants';
import type { DashboardStats } from '../../contract/dashboard';
import { DASHBOARD_TEXTS as TEXTS } from '../../contract/ui-texts';
import { useApi } from '../../lib/session';
import { Button, ErrorBanner, layout, PageHeader, StatCard, StatGrid, useToast } from '../../ui';
import { getActivity, useActivity } from './api/get-activity';
import { getDashboardStats, useDashboardStats } from './api/get-dashboard-stats';
import { getExpiringCertificates, useExpiringCertificates } from './api/get-expiring-certificates';
import { CertificateOverview } from './components/CertificateOverview';
import { ExpiringCertificates } from './components/ExpiringCertificates';
import { RecentActivity } from './components/RecentActivity';
import * as styles from './DashboardPage.css';

const RECENT_ACTIVITY = { page: 1, limit: RECENT_ACTIVITY_ROWS, type: 'certificate' } as const;

/** Where a counter links: the certificates list filtered by that status (docs/requirements.md#dashboard). */
const certificatesWithStatus = (status: CertificateStatus) => `/certificates?status=${status}`;

const STAT_CARDS: { label: string; value: (stats: DashboardStats) => number; status?: CertificateStatus }[] =
  [
    { label: TEXTS.totalClients, value: (stats) => stats.totalClients },
    { label: TEXTS.activeCerts, value: (stats) => stats.activeCertificates, status: 'active' },
    { label: TEXTS.distributedCerts, value: (stats) => stats.distributedCertificates, status: 'distributed' },
    { label: TEXTS.expiredCerts, value: (stats) => stats.expiredCertificates, status: 'expired' },
  ];

/** The dashboard of docs/requirements.md#dashboard: counters, recent certificate activity, overview and expiring certificates. */
export function DashboardPage() {
  const api = useApi();
  const toast = useToast();
  const [days, setDays] = useState<number>(DEFAULT_EXPIRATION_DAYS);
  const stats = useDashboardStats();
  const expiring = useExpiringCertificates(days);
  const activity = useActivity(RECENT_ACTIVITY);
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

  const handleRefresh = async () => {
    setRefreshing(true);
    try {
      // Each call that answers replaces its own cache entry; one that fails keeps what it showed, and the toast says so.
      await Promise.all([
        stats.mutate(getDashboardStats(api), { revalidate: false }),
        expiring.mutate(getExpiringCertificates(api, days), { revalidate: false }),
        activity.mutate(getActivity(api, RECENT_ACTIVITY), { revalidate: false }),
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
      {error && <ErrorBanner message={error.message} />}
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
      <div className={styles.columns}>
        <RecentActivity
          activities={activity.data?.activities}
          isLoading={activity.isLoading}
          error={activity.error?.message ?? null}
        />
        <CertificateOverview stats={stats.data} />
      </div>
      <ExpiringCertificates
        days={days}
        onDaysChange={setDays}
        rows={expiring.data}
        isLoading={expiring.isLoading}
        error={expiring.error?.message ?? null}
      />
    </div>
  );
}
