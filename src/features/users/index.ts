export { UsersPage } from './UsersPage';
