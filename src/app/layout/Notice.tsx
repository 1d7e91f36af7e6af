import type { ReactNode } from 'react';
import * as styles from './AppLayout.css';

/**
 * A page-sized notice in place of a page (Not Found, Access Denied, a page that failed): its title as the page's
 * heading, what happened, and the buttons that lead on.
 */
export function Notice({
  id,
  title,
  message,
  children,
}: {
  id: string;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.notice} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p>{message}</p>
      {children}
    </section>
  );
}
