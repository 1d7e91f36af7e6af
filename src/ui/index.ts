// The component kit: every screen is built from these.
export { vars } from './theme.css';
export * from './Button';
export * from './TextField';
export * from './Form';
export * from './Modal';
export * from './Toast';
export * from './TopBar';
export * from './NavLink';
export * from './RoleBadge';
export * from './ErrorBanner';
export * from './PageHeader';
export * from './LoadingState';
export * from './DataTable';
