import type { ReactNode } from 'react';
import { Breadcrumbs } from '../Breadcrumbs';
import { actions as actionsRow } from '../styles/layout.css';
import * as styles from './PageHeader.css';
import { useDocumentTitle } from './use-document-title';

export interface PageHeaderProps {
  /** The page's one `h1`. */
  title: string;
  description?: string;
  /** Buttons such as Refresh or 'Add New User'. */
  actions?: ReactNode;
  /** The list an item's page belongs to ('Certificates' for SN-1002's page): named in the tab's title after it. */
  section?: string;
  /**
   * With `section`: a breadcrumb above the title (Certificates › SN-1002) whose first part leads here, the list as
   * the user left it; `breadcrumbLabel` names the trail.
   */
  sectionHref?: string;
  breadcrumbLabel?: string;
}

/** Title and actions at the top of a page; the title names the browser tab too. */
export function PageHeader({
  title,
  description,
  actions,
  section,
  sectionHref,
  breadcrumbLabel = 'Breadcrumbs',
}: PageHeaderProps) {
  useDocumentTitle(...(section ? [title, section] : [title]));
  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        {section && sectionHref && (
          <Breadcrumbs
            label={breadcrumbLabel}
            items={[{ label: section, href: sectionHref }, { label: title }]}
          />
        )}
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={actionsRow}>{actions}</div>}
    </div>
  );
}
