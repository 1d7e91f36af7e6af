import { useId } from 'react';
import type { SessionUser } from '../../../contract/auth';
import { ACCOUNT_TEXTS } from '../../../contract/ui-texts';
import { RoleBadge } from '../../../ui';
import * as styles from '../AccountPage.css';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/** Who is signed in: name, email and role, and where the password is changed. */
export function AccountDetails({ user }: { user: SessionUser }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {ACCOUNT_TEXTS.detailsHeading}
      </h2>
      <dl className={styles.details}>
        <dt>{ACCOUNT_TEXTS.nameLabel}</dt>
        <dd>{user.name}</dd>
        <dt>{ACCOUNT_TEXTS.emailLabel}</dt>
        <dd>{user.email}</dd>
        <dt>{ACCOUNT_TEXTS.roleLabel}</dt>
        <dd>
          <RoleBadge role={user.role.name} />
        </dd>
      </dl>
      <div className={styles.passwordRow}>
        <ChangePasswordDialog />
        <p className={styles.hint}>{ACCOUNT_TEXTS.passwordHint}</p>
      </div>
    </section>
  );
}
