import { useLocation, useNavigate } from 'react-router';
import { ACCESS_DENIED_TEXTS } from '../../contract/texts/shell';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/PageHeader';
import { layout } from '../../ui/styles';
import { Notice } from './Notice';

/** docs/requirements.md#screens: shown in place of a page the role may not open. */
export function AccessDeniedPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(ACCESS_DENIED_TEXTS.title);
  // 'default' is react-router's key for the first page the router showed. Before it there may still
  // be pages of this tab (the user typed the address): the browser router marks its entries with
  // an `idx`, and the browser knows whether anything precedes them.
  const hasRouterHistory = location.key !== 'default';
  const browserState: unknown = window.history.state;
  const hasBrowserHistory =
    window.history.length > 1 &&
    typeof browserState === 'object' &&
    browserState !== null &&
    'idx' in browserState;

  const handleGoBack = () => {
    if (hasRouterHistory) void navigate(-1);
    else if (hasBrowserHistory) window.history.back();
    else void navigate('/', { replace: true });
  };

  return (
    <Notice id="access-denied-title" title={ACCESS_DENIED_TEXTS.title} message={ACCESS_DENIED_TEXTS.message}>
      <div className={layout.actions}>
        <Button variant="secondary" onPress={handleGoBack}>
          {ACCESS_DENIED_TEXTS.goBack}
        </Button>
        <Button onPress={() => void navigate('/')}>{ACCESS_DENIED_TEXTS.goToDashboard}</Button>
      </div>
    </Notice>
  );
}
