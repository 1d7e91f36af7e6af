export { AuthenticatorSetup } from './AuthenticatorSetup';
export { CodeForm } from './CodeForm';
export { RecoveryCodes } from './RecoveryCodes';
