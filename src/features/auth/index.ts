export { SignInPage } from './SignInPage';
export { ChangePasswordDialog } from './ChangePasswordDialog';
