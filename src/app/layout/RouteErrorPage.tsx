import { PAGE_ERROR_TEXTS } from '../../contract/texts/shell';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/PageHeader';
import * as styles from './AppLayout.css';

/**
 * What a route shows when its page fails (routes.tsx `errorElement`): a notice and Reload, which fetches the console
 * afresh, rather than React Router's developer screen.
 */
export function RouteErrorPage() {
  useDocumentTitle(PAGE_ERROR_TEXTS.title);
  return (
    <section className={styles.notice} aria-labelledby="page-error-title">
      <h1 id="page-error-title">{PAGE_ERROR_TEXTS.title}</h1>
      <p>{PAGE_ERROR_TEXTS.message}</p>
      <Button onPress={() => window.location.reload()}>{PAGE_ERROR_TEXTS.reload}</Button>
    </section>
  );
}
