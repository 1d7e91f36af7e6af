export { CertificatesPage, ClientCertificates } from './CertificatesPage';
export { ValidateLicenseDialog } from './components/ValidateLicenseDialog';
export { CertificateDetailPage } from './CertificateDetailPage';
export { prefetchCertificates } from './api/list-certificates';
