import { useNavigate } from 'react-router';
import { NOT_FOUND_TEXTS } from '../../contract/texts/shell';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/PageHeader';
import { Notice } from './Notice';

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  return (
    <Notice id="not-found-title" title={NOT_FOUND_TEXTS.title} message={NOT_FOUND_TEXTS.message}>
      <Button onPress={() => navigate('/')}>{NOT_FOUND_TEXTS.goToDashboard}</Button>
    </Notice>
  );
}
