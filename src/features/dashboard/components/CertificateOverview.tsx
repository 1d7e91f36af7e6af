import { Link } from 'react-router';
import type { CertificateStatus } from '../../../contract/certificates';
import type { DashboardStats } from '../../../contract/dashboard';
import { DASHBOARD_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { StatusBadge } from '../../../ui';
import * as styles from '../DashboardPage.css';
import { formatCount } from '../../../contract/format';

const ROWS: { status: CertificateStatus; count: (stats: DashboardStats) => number }[] = [
  { status: 'pending', count: (stats) => stats.pendingCertificates },
  { status: 'active', count: (stats) => stats.activeCertificates },
  { status: 'distributed', count: (stats) => stats.distributedCertificates },
  { status: 'expired', count: (stats) => stats.expiredCertificates },
  { status: 'revoked', count: (stats) => stats.revokedCertificates },
];

/** 'Certificate Overview': a count per status, each row a link to that status's list (docs/requirements.md#dashboard). */
export function CertificateOverview({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <section className={styles.panel} aria-labelledby="certificate-overview">
      <h2 id="certificate-overview" className={styles.panelTitle}>
        {TEXTS.overview}
      </h2>
      <ul className={styles.overviewList}>
        {ROWS.map((row) => (
          <li key={row.status}>
            <Link to={`/certificates?status=${row.status}`} className={styles.overviewRow}>
              <StatusBadge status={row.status}>{TEXTS.overviewRows[row.status]}</StatusBadge>
              <span className={styles.overviewCount}>{stats ? formatCount(row.count(stats)) : '–'}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
