import type { ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../../contract/constants';
import { useDocumentTitle } from '../../../ui/PageHeader';
import * as styles from '../SignInPage.css';

/** The sign-in card every step shares: the product's name above, the step's heading and hint, then its content. */
export function SignInFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <span className={styles.product}>{PRODUCT_TITLE}</span>
      <main className={styles.card} aria-labelledby="sign-in-title">
        <div className={styles.heading}>
          <h1 id="sign-in-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {children}
      </main>
    </div>
  );
}
