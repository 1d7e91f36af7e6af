// One attempt: POST the signed body to the endpoint over node:http(s), to an address the policy allows (resolved
// here, and the connection pinned to it, so a name cannot resolve once for the check and again for the connect).
// Redirects are not followed (a 3xx is a failure), the answer's body is read up to a small limit, and the whole
// attempt is cut after the timeout.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_ATTEMPT_ERRORS } from '../../../contract/webhooks';
import { RefusedAddressError, resolveAllowed, type ResolveHost } from './address-policy';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of the answer's body read (and then dropped): enough to see a receiver is alive, no more. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  /** Why it failed without an HTTP answer (or the status it answered): never the receiver's body. */
  error: string | null;
  /** No answer within the timeout: the dispatcher sends such an endpoint one attempt at a time. */
  timedOut: boolean;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** The host name's resolver (the system's unless a test answers for it). */
  resolve?: ResolveHost;
}

export async function sendAttempt({
  url,
  headers,
  body,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  resolve,
}: SendRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await resolveAllowed(target, resolve);
  } catch (error) {
    const refused = error instanceof RefusedAddressError;
    return {
      ok: false,
      responseCode: null,
      durationMs: elapsed(),
      error: refused ? 'Refused by the address policy' : `Could not resolve ${target.hostname}`,
      timedOut: false,
    };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((settle) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs' | 'timedOut'>, timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle({ ...result, durationMs: elapsed(), timedOut });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'license-console-webhooks',
        },
        agent: false,
      },
      (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        const done = () => {
          const ok = code >= 200 && code < 300;
          finish({ ok, responseCode: code, error: ok ? null : WEBHOOK_ATTEMPT_ERRORS.answered(code) });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= RESPONSE_BODY_LIMIT) done();
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseCode: null, error: WEBHOOK_ATTEMPT_ERRORS.noAnswer(timeoutMs) }, true);
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, responseCode: null, error: `Connection failed (${error.code ?? 'error'})` }),
    );
    request.end(body);
  });
}
