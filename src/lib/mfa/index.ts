export { AuthenticatorSetup } from './AuthenticatorSetup';
export { RecoveryCodes } from './RecoveryCodes';
