import { PAGE_TITLES } from '../../contract/ui-texts';
import { PageHeader } from '../../ui';

/** The certificates route; its content arrives with the certificates feature. */
export function CertificatesPage() {
  return <PageHeader title={PAGE_TITLES.certificates} />;
}
