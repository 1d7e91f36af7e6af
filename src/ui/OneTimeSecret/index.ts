export { OneTimeSecret, type OneTimeSecretTexts } from './OneTimeSecret';
