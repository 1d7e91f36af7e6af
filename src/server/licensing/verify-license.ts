// The offline licence verifier, from its one home: packages/license-client (@license-console/license-client), which
// vendors' licensed software uses too. The server's modules keep importing it from here; the server's validate and
// check-in calls reuse its steps and add the checks only the server can make (NOT_FOUND, REVOKED).
export * from '@license-console/license-client';
