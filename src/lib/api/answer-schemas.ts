// The contract's schemas for the answers the session reads (sign-in, refresh, validate, error bodies), loaded beside
// the first call that needs them instead of in the console's entry: zod and these schemas were a quarter of the
// JavaScript every page waits for before its first paint (docs/performance.md). Every screen's own chunk
// needs zod anyway, so by the time a screen shows, they are there.
export const authSchemas = () => import('../../contract/auth');
export const errorSchemas = () => import('../../contract/errors');
