// The one error handler: every failure becomes `{ message, code, errors? }`; 5xx carry no detail.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contract/errors';
import { MESSAGES } from '../../contract/errors';
import { HttpError } from '../errors';
import { loggableError } from '../log-redaction';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Field errors keyed by dotted path; a whole-body error is keyed `body`. */
function fieldErrors(error: { validation: { instancePath?: string; message?: string; params?: unknown }[] }) {
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body';
    errors[key] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/** The status and contract error body a failure is answered with (also by src/server/hot-routes.ts). */
export function errorAnswerOf(failure: FastifyError | HttpError | Error): {
  status: number;
  body: ErrorBody;
} {
  if (failure instanceof HttpError) {
    const error = failure;
    return {
      status: error.statusCode,
      body: { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  // Anything else is Fastify's own error or an unexpected one (no status: a 500).
  const error = failure as Partial<FastifyError> & Error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error);
    return {
      status: 400,
      body: { message: Object.values(errors)[0] ?? 'Invalid request', code: 'VALIDATION_FAILED', errors },
    };
  }
  if (isResponseSerializationError(error))
    return { status: 500, body: { message: MESSAGES.internal, code: 'INTERNAL' } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 413
        ? MESSAGES.payloadTooLarge
        : status === 415
          ? MESSAGES.unsupportedMediaType
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? MESSAGES.malformedJson
            : error.code?.startsWith('FST_')
              ? error.message
              : MESSAGES.badRequest;
    return { status, body: { message, code: CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED' } };
  }
  return { status: 500, body: { message: MESSAGES.internal, code: 'INTERNAL' } };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, body } = errorAnswerOf(error);
    // Never the error itself: a database error carries the statement's parameters (log-redaction.ts).
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    return reply.status(status).send(body);
  });
});
