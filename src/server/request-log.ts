// One log line per request, written when it is answered: method, URL, status, time taken and the request id
// (docs/security.md "What is logged"). Fastify's default also writes a line when a request arrives; at info level
// that second line cost about as much as the rest of `/healthz` (docs/performance.md), so it is written at
// debug level only, where an operator tracing a hung request (and the drain test, tests/support/crash-harness.ts)
// still sees requests that began and never ended.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Whether request lines are written at all (pino answers; a logger without the method logs everything). */
export const logsRequests = (log: FastifyBaseLogger): boolean =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? true;

/**
 * The same line for an answer written in front of Fastify (hot-routes.ts, after `logsRequests`): the app's
 * serializers shape it alike.
 */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  line: {
    id: string;
    request: { method: string; url: string; headers: Record<string, unknown>; host: string };
    ip: string | undefined;
    remotePort: number | undefined;
    statusCode: number;
    responseTime: number;
  },
): void {
  const req = { ...line.request, ip: line.ip, socket: { remotePort: line.remotePort } };
  log.info(
    { reqId: line.id, req, res: { statusCode: line.statusCode }, responseTime: line.responseTime },
    'request completed',
  );
}
