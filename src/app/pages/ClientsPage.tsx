import { PAGE_TITLES } from '../../contract/ui-texts';
import { PageHeader } from '../../ui';

/** The clients route; its content arrives with the clients feature. */
export function ClientsPage() {
  return <PageHeader title={PAGE_TITLES.clients} />;
}
