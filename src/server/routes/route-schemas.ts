// Parts every route declaration shares, written once: the bearer token an operation needs, and its error
// answers, each with the contract's error body (the central 413/414/415/500 are added by
// plugins/api-contract.ts).
import { errorBodySchema } from '../../contract/errors';

/** An operation that needs a staff bearer token (the OpenAPI document's `security`). */
export const bearerSecurity = [{ bearer: [] }];

/** The error answers a route can give, each with the contract's error body. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
