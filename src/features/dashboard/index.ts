export { DashboardPage } from './DashboardPage';
export { prefetchDashboard } from './api/prefetch-dashboard';
