import type { Certificate } from '../../../contract/certificates';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import * as styles from './CertificateCounters.css';

const ORDER = ['total', 'active', 'pending', 'expired', 'revoked', 'distributed'] as const;

/** The six counters of docs/requirements.md#certificates-screen, computed from the loaded rows. */
export function CertificateCounters({ rows }: { rows: Certificate[] }) {
  const count = (key: (typeof ORDER)[number]) =>
    key === 'total' ? rows.length : rows.filter((c) => c.status === key).length;
  return (
    <dl className={styles.counters} aria-label={CERTIFICATES_TEXTS.summaryLabel}>
      {ORDER.map((key) => (
        <div key={key} className={styles.counter} data-status={key}>
          <dt className={styles.label}>{CERTIFICATES_TEXTS.counters[key]}</dt>
          <dd className={styles.value}>{count(key)}</dd>
        </div>
      ))}
    </dl>
  );
}
