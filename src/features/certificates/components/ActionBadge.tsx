import type { HistoryAction } from '../../../contract/certificates';
import * as styles from './ActionBadge.css';

/** A history action ('created', 'revoked', ...) as a badge whose colour follows what it did. */
export function ActionBadge({ action }: { action: HistoryAction }) {
  return (
    <span className={styles.badge} data-tone={styles.ACTION_TONE[action]}>
      {action}
    </span>
  );
}
