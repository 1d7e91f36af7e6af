import { useNavigate } from 'react-router';
import { NOT_FOUND_TEXTS } from '../../contract/texts/shell';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/PageHeader';
import * as styles from './AppLayout.css';

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  return (
    <section className={styles.notice} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{NOT_FOUND_TEXTS.title}</h1>
      <p>{NOT_FOUND_TEXTS.message}</p>
      <Button onPress={() => navigate('/')}>{NOT_FOUND_TEXTS.goToDashboard}</Button>
    </section>
  );
}
