import * as styles from './TermsBadge.css';

/**
 * What a licence's terms say beside its status or its last check-in: overdue (warning) when the machines have not
 * checked in within the file lifetime, "Grace until …" (info) while an ended licence still works. The text names
 * the state, so colour is never the only signal.
 */
export function TermsBadge({ tone, children }: { tone: 'warning' | 'info'; children: string }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
