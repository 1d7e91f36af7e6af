export { UsersPage } from './UsersPage';
export { UserDetailPage, type UserDetailPageProps } from './UserDetailPage';
