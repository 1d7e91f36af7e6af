import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link as AriaLink } from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './Breadcrumbs.css';

export interface BreadcrumbsProps {
  /** The trail's landmark name. */
  label: string;
  /** From the outermost: each with `href` but the last, the page itself. */
  items: readonly { label: string; href?: string }[];
}

/** Where a page is: its list (a link) and then itself, marked `aria-current="page"`. */
export function Breadcrumbs({ label, items }: BreadcrumbsProps) {
  return (
    <nav aria-label={label}>
      <AriaBreadcrumbs className={styles.trail}>
        {items.map((item, index) => (
          <Breadcrumb key={`${index}-${item.label}`} className={styles.crumb}>
            {index > 0 && (
              <span className={styles.separator}>
                <Icon name="chevronRight" size={12} />
              </span>
            )}
            <AriaLink href={item.href} className={styles.link}>
              {item.label}
            </AriaLink>
          </Breadcrumb>
        ))}
      </AriaBreadcrumbs>
    </nav>
  );
}
