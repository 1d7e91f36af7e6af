// Errors as they may be written to a log. A database error carries the failed statement's parameters, and a
// parameter may be a password hash, a token hash or a private signing key: drizzle's DrizzleQueryError keeps them
// in `params` and repeats them in its message (and so in its stack); PGlite adds `params` and `queryOptions` to its
// errors; PostgreSQL's `detail` and `where` quote row values ("Key (email)=(...) already exists"). So a logged
// error is rebuilt from an allow-list of fields rather than cleaned of known bad ones: a field nobody thought of
// is left out, not leaked. The answer's error body never depends on this (plugins/errors.ts builds it apart).
// A request is logged with its URL, and one URL carries a credential in its query: the unsubscribe link of e-mail
// (`?token=…`, services/mail), logged without it.

/** Fields of an error (pg, PGlite, drizzle, Fastify, Node) that name what failed without quoting any value. */
const SAFE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'statusCode',
  'errno',
  'syscall',
] as const;
/** drizzle's message is `Failed query: <statement>\nparams: <values>`: the statement has placeholders only. */
const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;
const MAX_CAUSES = 5;

export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggableError | string;
  [field: string]: unknown;
}

/** An error (any thrown value) as a plain object safe to log: its type, message, stack and the `SAFE_FIELDS`, then its causes. */
export function loggableError(error: unknown, depth = 0): LoggableError | string {
  if (typeof error !== 'object' || error === null)
    return typeof error === 'string' ? error.replace(PARAMS_IN_MESSAGE, '') : String(error);
  const source = error as Partial<Error> & Record<string, unknown>;
  const constructorName = typeof source.constructor === 'function' ? source.constructor.name : '';
  const type =
    constructorName && constructorName !== 'Object'
      ? constructorName
      : typeof source.name === 'string'
        ? source.name
        : 'Error';
  const message = typeof source.message === 'string' ? source.message.replace(PARAMS_IN_MESSAGE, '') : '';
  // No prototype, and `name` beside `type`: pino's error serializer names a plain object's type after its
  // constructor ('Object'), and after `name` when there is none.
  const safe: LoggableError = Object.assign(Object.create(null) as LoggableError, {
    type,
    name: type,
    message,
  });
  if (typeof source.stack === 'string') {
    // The stack starts with the message, parameters included: keep only the frames after it.
    const frames = source.stack.split('\n').filter((line) => /^\s+at /.test(line));
    safe.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) safe.cause = loggableError(source.cause, depth + 1);
  return safe;
}

/** pino's `err` serializer (app.ts): every error the server logs, Fastify's own included, as `loggableError` makes it. */
export function serializeError(error: Error): LoggableError & { stack: string } {
  const safe = loggableError(error);
  return typeof safe === 'string'
    ? { type: 'Error', message: safe, stack: '' }
    : { ...safe, stack: safe.stack ?? '' };
}

/**
 * A URL as it may be logged: the value of a `token` query parameter replaced, and the `code` and `state` of a single
 * sign-on's callback (a code is worth little without the sign-in's PKCE verifier, but it is a credential all the same).
 */
export const withoutQueryToken = (url: string) =>
  url.replace(/([?&](?:token|code|state)=)[^&#]*/gi, '$1[redacted]');

/** pino's `req` serializer (app.ts): Fastify's own fields, with the URL's token left out. */
export function serializeRequest(request: {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: withoutQueryToken(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
