import { PAGE_TITLES } from '../../contract/ui-texts';
import { PageHeader } from '../../ui';

/** The users route; its content arrives with the users feature. */
export function UsersPage() {
  return <PageHeader title={PAGE_TITLES.users} />;
}
