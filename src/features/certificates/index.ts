export { CertificatesPage, ClientCertificates } from './CertificatesPage';
export { ValidateLicenceDialog } from './components/ValidateLicenceDialog';
export { CertificateDetailPage } from './CertificateDetailPage';
export { prefetchCertificates } from './api/list-certificates';
