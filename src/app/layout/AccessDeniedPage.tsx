import { useLocation, useNavigate } from 'react-router';
import { ACCESS_DENIED_TEXTS } from '../../contract/ui-texts';
import { Button } from '../../ui';
import * as styles from './AppLayout.css';

/** Spec §2: shown in place of a page the role may not open. */
export function AccessDeniedPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is react-router's key for the first page of this visit: there is nothing to go back to.
  const hasHistory = location.key !== 'default';

  return (
    <section className={styles.notice} aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{ACCESS_DENIED_TEXTS.title}</h1>
      <p>{ACCESS_DENIED_TEXTS.message}</p>
      <div className={styles.noticeActions}>
        <Button variant="secondary" onPress={() => (hasHistory ? navigate(-1) : navigate('/', { replace: true }))}>
          {ACCESS_DENIED_TEXTS.goBack}
        </Button>
        <Button onPress={() => navigate('/')}>{ACCESS_DENIED_TEXTS.goToDashboard}</Button>
      </div>
    </section>
  );
}
