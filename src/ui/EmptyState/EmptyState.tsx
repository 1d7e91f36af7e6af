import type { ReactNode } from 'react';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  /** The main line, e.g. 'No certificates found.' */
  title: string;
  description?: string;
  /** E.g. a 'Generate New Certificate' button. */
  action?: ReactNode;
}

/** What a list or panel shows when it has nothing to show. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className={styles.container}>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
