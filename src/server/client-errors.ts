// Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler` option): an
// overlong URL or header section (over Node's 16 KiB `maxHeaderSize`), a timeout, a malformed request. They get
// the contract's error body like every other refusal, instead of Fastify's own
// `{ error, message, statusCode }`: 414 when the request line alone overflows (docs/api.md), 431 for headers.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { MESSAGES, type ErrorBody } from '../contract/errors';

type ClientError = Error & { code?: string; rawPacket?: unknown };

/** The longest URL the server takes (nginx's default limit); plugins/api-contract.ts refuses longer ones with 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Length of the request line in the bytes the parser was reading, 0 when they do not start a request. */
function requestLineLength(packet: unknown): number {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return 0;
  const end = packet.indexOf('\r\n');
  return end === -1 ? packet.length : end;
}

/** Status and body for a parser error, or undefined when there is nobody left to answer. */
export function clientErrorAnswer(error: ClientError): { status: number; body: ErrorBody } | undefined {
  if (error.code === 'ECONNRESET') return undefined;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, body: { message: MESSAGES.requestTimeout, code: 'VALIDATION_FAILED' } };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineLength(error.rawPacket) > MAX_URL_LENGTH
      ? { status: 414, body: { message: MESSAGES.pathTooLong, code: 'VALIDATION_FAILED' } }
      : { status: 431, body: { message: MESSAGES.headersTooLarge, code: 'VALIDATION_FAILED' } };
  }
  return { status: 400, body: { message: MESSAGES.badRequest, code: 'VALIDATION_FAILED' } };
}

/** Fastify's `clientErrorHandler`: writes the answer on the raw socket (no route, no hooks) and closes it. */
export function answerClientError(error: ClientError, socket: Socket) {
  const answer = socket.destroyed ? undefined : clientErrorAnswer(error);
  if (answer && socket.writable) {
    const body = JSON.stringify(answer.body);
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
