// The contract between server, console, mocks and tests: every request, response, error text and constant.
export * from './constants';
export * from './format';
export * from './errors';
export * from './roles';
export * from './common';
export * from './bulk';
export * from './auth';
export * from './api-tokens';
export * from './users';
export * from './clients';
export * from './certificates';
export * from './certificate-lifecycle';
export * from './certificate-rules';
export * from './certificate-texts';
export * from './dashboard';
export * from './ui-texts';
export * from './licensing';
export * from './webhooks';
export * from './mail';
export * from './entity-paths';
export * from './search';
export * from './sign-in';
// Not in ui-texts: the sign-in texts load with the screens that use them, not with the console's first screen.
export * from './texts/sign-in';
