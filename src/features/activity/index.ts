export { ActivityPage, type CertificateHistoryComponent } from './ActivityPage';
