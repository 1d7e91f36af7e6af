import type { ReactNode } from 'react';
import * as styles from './ErrorBanner.css';

export interface ErrorBannerProps {
  /** The data layer's error text (docs/requirements.md#screens: every page shows it). */
  message: string;
  title?: string;
  /** E.g. a Retry button. */
  action?: ReactNode;
}

/** An error message announced to screen readers as soon as it appears. */
export function ErrorBanner({ message, title, action }: ErrorBannerProps) {
  return (
    <div role="alert" className={styles.banner}>
      <div className={styles.text}>
        {title && <span className={styles.title}>{title}</span>}
        <span>{message}</span>
      </div>
      {action}
    </div>
  );
}
