import type { ReactNode } from 'react';
import { actions as actionsRow } from '../styles/layout.css';
import * as styles from './PageHeader.css';

export interface PageHeaderProps {
  /** The page's one `h1`. */
  title: string;
  description?: string;
  /** Buttons such as Refresh or 'Add New User'. */
  actions?: ReactNode;
}

/** Title and actions at the top of a page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={actionsRow}>{actions}</div>}
    </div>
  );
}
