import { Icon, type IconName } from '../Icon';
import { expiryLevel, type ExpiryLevel } from './expiry';
import * as styles from './DaysUntilExpiry.css';

const ICON: Record<ExpiryLevel, IconName> = {
  expired: 'close',
  critical: 'exclamation',
  warning: 'clockHands',
  ok: 'check',
};

/** The words for a level, read by screen readers with the number (colour is never the only signal). */
const LEVEL_TEXT: Record<ExpiryLevel, string> = {
  expired: '',
  critical: 'expires very soon',
  warning: 'expires soon',
  ok: '',
};

/** Days left as coloured text with a shape per level: '5 days', '1 day', 'Expired'. */
export function DaysUntilExpiry({ days }: { days: number }) {
  const level = expiryLevel(days);
  const text = level === 'expired' ? 'Expired' : `${days} ${days === 1 ? 'day' : 'days'}`;
  return (
    <span className={styles.days} data-level={level}>
      <span aria-hidden="true" className={styles.icon}>
        <Icon name={ICON[level]} size={12} />
      </span>
      {text}
      {LEVEL_TEXT[level] && <span className={styles.hidden}>, {LEVEL_TEXT[level]}</span>}
    </span>
  );
}
