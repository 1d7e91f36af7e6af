export { ClientsPage } from './ClientsPage';
export { ClientDetailPage } from './ClientDetailPage';
