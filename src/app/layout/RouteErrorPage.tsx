import { PAGE_ERROR_TEXTS } from '../../contract/texts/shell';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/PageHeader';
import { Notice } from './Notice';

/**
 * What a route shows when its page fails (routes.tsx `errorElement`): a notice and Reload, which fetches the console
 * afresh, rather than React Router's developer screen.
 */
export function RouteErrorPage() {
  useDocumentTitle(PAGE_ERROR_TEXTS.title);
  return (
    <Notice id="page-error-title" title={PAGE_ERROR_TEXTS.title} message={PAGE_ERROR_TEXTS.message}>
      <Button onPress={() => window.location.reload()}>{PAGE_ERROR_TEXTS.reload}</Button>
    </Notice>
  );
}
