// Parts every route declaration shares, written once: the bearer token an operation needs, and its error
// answers, each with the contract's error body (the central 413/414/415/500 are added by
// plugins/api-contract.ts).
import { errorBodySchema } from '../../contract/errors';

/** One way to authenticate an operation: security scheme names (OpenAPI `security`); `{}` means none. */
export type SecurityRequirement = Record<string, string[]>;

/**
 * An operation that needs a credential (the OpenAPI document's `security`): a staff access token, or an API token
 * acting with its role.
 */
export const bearerSecurity: SecurityRequirement[] = [{ bearer: [] }, { apiToken: [] }];
/** An operation only a signed-in person may call: sessions, passwords and API tokens (never an API token). */
export const personSecurity: SecurityRequirement[] = [{ bearer: [] }];
/** An operation authenticated by the refresh cookie, or by what its body carries. */
export const refreshCookieSecurity: SecurityRequirement[] = [{ refreshCookie: [] }, {}];

/** The error answers a route can give, each with the contract's error body. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

/**
 * The schemas of one area's staff operations: each is tagged with the area, needs a bearer token and may answer
 * the area's `errors` beside its own answers, so a route writes only what is its own (`params`, `querystring`,
 * `body`, a `description`, its success answer):
 * `schema: clientsSchema({ params: idParamsSchema, response: { 200: clientResponseSchema } })`.
 */
export function staffOperations<Errors extends Record<number, typeof errorBodySchema>>(
  tag: string,
  errors: Errors,
) {
  return <Own extends { response: object }>({
    response,
    ...own
  }: Own): Omit<Own, 'response'> & {
    tags: string[];
    security: typeof bearerSecurity;
    response: Own['response'] & Errors;
  } => ({ tags: [tag], security: bearerSecurity, ...own, response: { ...response, ...errors } });
}
