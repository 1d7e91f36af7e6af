export {
  createApiClient,
  type ApiAuth,
  type ApiClient,
  type HttpMethod,
  type RequestOptions,
} from './api-client';
export { ApiError } from './api-error';
export { createAuthApi, type AuthApi } from './auth-api';
export { createBrowserTokenStore, createMemoryTokenStore, type TokenStore } from './token-store';
