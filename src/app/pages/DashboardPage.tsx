import { PAGE_TITLES } from '../../contract/ui-texts';
import { PageHeader } from '../../ui';

/** The dashboard route; its content arrives with the dashboard feature. */
export function DashboardPage() {
  return <PageHeader title={PAGE_TITLES.dashboard} />;
}
