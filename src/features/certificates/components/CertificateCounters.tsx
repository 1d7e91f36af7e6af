import type { CertificateCounts } from '../../../contract/certificates';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import * as styles from './CertificateCounters.css';
import { formatCount } from '../../../contract/format';

const ORDER = ['total', 'active', 'pending', 'expired', 'revoked', 'distributed'] as const;

export interface CertificateCountersProps {
  /** The server's counts for the list's search and client filter, whatever the status filter; none yet or none at all. */
  counts: CertificateCounts | undefined;
  /** The list failed and has no counts to show: no numbers rather than zeros. */
  isUnavailable: boolean;
}

/**
 * The six counters of docs/requirements.md#certificates-screen, counting every certificate the search and client
 * filter match (ADR 0009 overrides the requirements' "from the loaded rows"): Total is the sum. While
 * the first answer loads each shows a placeholder bar, not a zero; after an error, no number.
 */
export function CertificateCounters({ counts, isUnavailable }: CertificateCountersProps) {
  const state = counts ? 'ready' : isUnavailable ? 'unavailable' : 'loading';
  const count = (key: (typeof ORDER)[number]) =>
    counts
      ? key === 'total'
        ? Object.values(counts).reduce((sum, value) => sum + value, 0)
        : counts[key]
      : null;
  return (
    <dl
      className={styles.counters}
      aria-label={CERTIFICATES_TEXTS.summaryLabel}
      aria-busy={state === 'loading' || undefined}
      data-state={state}
    >
      {ORDER.map((key) => {
        const value = count(key);
        return (
          <div key={key} className={styles.counter} data-status={key}>
            <dt className={styles.label}>{CERTIFICATES_TEXTS.counters[key]}</dt>
            <dd className={styles.value} data-state={state}>
              {value !== null ? (
                formatCount(value)
              ) : state === 'loading' ? (
                <span className={styles.skeleton} aria-hidden="true" />
              ) : (
                <span className={styles.unavailable}>{CERTIFICATES_TEXTS.counterUnavailable}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
