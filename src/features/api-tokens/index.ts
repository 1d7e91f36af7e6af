export { ApiTokensPage } from './ApiTokensPage';
