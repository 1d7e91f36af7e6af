// Console texts: the words of docs/requirements.md (#screens, #error-texts) quoted once, plus the few texts the
// requirements leave to us. One file per area under texts/; features import them from here. The layout and the shared
// layers (src/app, src/lib, src/ui) import the one texts module they need instead: whatever this barrel re-exports is
// bundled with whoever imports it, and those layers load with the console's first screen.
export * from './texts/shell';
export * from './texts/users';
export * from './texts/clients';
export * from './texts/dashboard';
export * from './texts/certificates';
export * from './texts/account';
export * from './texts/api-tokens';
export * from './texts/lists';
export * from './texts/activity';
export * from './texts/webhooks';
export * from './texts/reminders';
export * from './texts/search';
