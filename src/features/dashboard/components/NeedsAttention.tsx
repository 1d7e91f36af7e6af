import { useId } from 'react';
import { Link } from 'react-router';
import type { CertificatesList } from '../../../contract/certificates';
import { LIST_TEXTS } from '../../../contract/ui-texts';
import { LICENSE_TERMS_TEXTS } from '../../../contract/texts/license-terms';
import { formatDay } from '../../../lib/format/dates';
import { certificatePath, OVERDUE_CERTIFICATES_PATH } from '../../../lib/routing/entity-paths';
import { LoadingState } from '../../../ui';
import * as styles from '../DashboardPage.css';

const TEXTS = LICENSE_TERMS_TEXTS.attention;

/**
 * 'Needs Attention', under the counters: how many certificates are overdue for a check-in, the first few by name
 * with their last check-in, and a link to all of them. With none it stays, saying so in one calm line: the panel's
 * place does not jump as the count comes and goes, and "nothing overdue" is itself worth reading.
 */
export function NeedsAttention({
  overdue,
  isLoading,
  error,
}: {
  overdue: CertificatesList | undefined;
  isLoading: boolean;
  error: string | null;
}) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {TEXTS.heading}
      </h2>
      {error ? (
        <p className={styles.hint}>{LIST_TEXTS.notLoaded}</p>
      ) : !overdue ? (
        isLoading && <LoadingState label={TEXTS.loading} size="inline" />
      ) : overdue.total === 0 ? (
        <p className={styles.hint}>{TEXTS.allClear}</p>
      ) : (
        <>
          <div className={styles.attentionSummary}>
            <p className={styles.attentionCount}>{TEXTS.overdueCount(overdue.total)}</p>
            <p className={styles.hint}>{TEXTS.overdueHint}</p>
          </div>
          <ul className={styles.attentionList} aria-label={TEXTS.listLabel}>
            {overdue.certificates.map((certificate) => (
              <li key={certificate.uuid} className={styles.attentionRow}>
                <Link className={styles.serialLink} to={certificatePath(certificate.uuid)}>
                  {certificate.serialNumber}
                </Link>
                <span>{certificate.clientName}</span>
                <span className={styles.hint}>
                  {certificate.lastCheckInAt === null
                    ? TEXTS.neverCheckedIn
                    : TEXTS.lastCheckIn(formatDay(certificate.lastCheckInAt))}
                </span>
              </li>
            ))}
          </ul>
          <Link className={styles.serialLink} to={OVERDUE_CERTIFICATES_PATH}>
            {TEXTS.showAll}
          </Link>
        </>
      )}
    </section>
  );
}
