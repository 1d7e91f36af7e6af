import { useId, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { Icon, type IconName } from '../Icon';
import * as styles from './Sidebar.css';

export interface SidebarProps {
  /** The landmark's name ("Main navigation"). */
  label: string;
  /** Icons only, each label a tooltip (still the link's accessible name). */
  isCollapsed?: boolean;
  /** The button that collapses and expands it, with its two texts; none in the drawer, which is never collapsed. */
  toggle?: { onToggle: () => void; collapseLabel: string; expandLabel: string };
  /** SidebarGroups. */
  children: ReactNode;
  className?: string;
}

/**
 * The console's navigation beside the page: the pages in titled groups, a link each with its icon, and a button
 * that narrows it to the icons. The same component fills the drawer on narrower windows.
 */
export function Sidebar({ label, isCollapsed = false, toggle, children, className }: SidebarProps) {
  return (
    <nav
      aria-label={label}
      className={className ? `${styles.sidebar} ${className}` : styles.sidebar}
      data-collapsed={isCollapsed || undefined}
    >
      {children}
      {toggle && (
        <div className={styles.footer}>
          <AriaButton className={styles.toggle} aria-expanded={!isCollapsed} onPress={toggle.onToggle}>
            <span className={styles.icon}>
              <Icon name={isCollapsed ? 'chevronRight' : 'chevronLeft'} />
            </span>
            <span className={styles.label}>{isCollapsed ? toggle.expandLabel : toggle.collapseLabel}</span>
          </AriaButton>
        </div>
      )}
    </nav>
  );
}

/** A titled group of links; the title names the list for screen readers and hides while collapsed. */
export function SidebarGroup({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className={styles.group}>
      <span id={titleId} className={styles.groupTitle}>
        {title}
      </span>
      <ul className={styles.list} aria-labelledby={titleId}>
        {children}
      </ul>
    </div>
  );
}

export interface SidebarLinkProps {
  href: string;
  icon: IconName;
  label: string;
  /** Marked with `aria-current="page"`. */
  isCurrent?: boolean;
  /** Called as the link is followed (the drawer closing behind it). */
  onPress?: () => void;
}

/** A page in the sidebar: its icon and label. It navigates through react-aria's RouterProvider when the app sets one, so the kit stays free of any router. */
export function SidebarLink({ href, icon, label, isCurrent = false, onPress }: SidebarLinkProps) {
  return (
    <li>
      <AriaLink
        href={href}
        className={styles.link}
        aria-current={isCurrent ? 'page' : undefined}
        onPress={onPress}
      >
        <span className={styles.icon}>
          <Icon name={icon} />
        </span>
        <span className={styles.label}>{label}</span>
      </AriaLink>
    </li>
  );
}
