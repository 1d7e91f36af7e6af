import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './StatCard.css';
import { formatCount } from '../../contract/format';

export interface StatCardProps {
  /** e.g. 'Active Certs' (docs/requirements.md#screens). */
  title: string;
  /** The number; undefined while it loads (shown as a dash). */
  value: number | undefined;
  /** Where the card leads, e.g. '/certificates?status=active'; without it the card is not a link. */
  href?: string;
  /** 'card' (default): a dashboard counter; 'row': a line of the 'Certificate Overview'. */
  variant?: 'card' | 'row';
  /** Something before the number in a row, e.g. a StatusBadge. */
  icon?: ReactNode;
}

/**
 * A counter. With `href` the whole card is one link (through react-aria's RouterProvider), named
 * by its title and number, e.g. 'Active Certs 12'.
 */
export function StatCard({ title, value, href, variant = 'card', icon }: StatCardProps) {
  const content = (
    <>
      <span className={styles.title}>
        {icon}
        {title}
      </span>
      <span className={styles.value}>{value === undefined ? '–' : formatCount(value)}</span>
    </>
  );
  if (href) {
    return (
      <Link href={href} className={styles.card} data-variant={variant}>
        {content}
        <span className={styles.arrow}>
          <Icon name="arrowRight" />
        </span>
      </Link>
    );
  }
  return (
    <div className={styles.card} data-variant={variant}>
      {content}
    </div>
  );
}

/** A responsive grid of StatCards. */
export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section aria-label={label} className={styles.grid}>
      {children}
    </section>
  );
}
