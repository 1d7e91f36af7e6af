// Sending one message through SMTP_URL as MAIL_FROM (nodemailer). The URL may carry the mail server's user name and
// password: they go to nodemailer only, nodemailer's own logger stays off (it would write the SMTP conversation), and
// a refusal's reason is cleaned of them before anyone sees or logs it.
import { createTransport } from 'nodemailer';
import { MAIL_PRODUCT_NAME } from '../../../contract/mail';
import type { Env } from '../../env';

export type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>;

/** Mail is on when the SMTP server and the sender are both configured (env.ts checks they come together). */
export const isMailOn = (env: MailEnv): env is MailEnv & { SMTP_URL: string; MAIL_FROM: string } =>
  Boolean(env.SMTP_URL && env.MAIL_FROM);

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra header lines by name (List-Unsubscribe and the like). */
  headers?: Record<string, string> | undefined;
}

/** The mail server refused the message or could not be reached; `reason` is safe to show and log. */
export class MailRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const REASON_MAX_LENGTH = 300;

/** The user name and password in the SMTP URL, as written and decoded: what a reason must never repeat. */
function credentialsOf(smtpUrl: string): string[] {
  const url = new URL(smtpUrl);
  const found = [url.username, url.password].flatMap((part) => {
    if (!part) return [];
    try {
      return [part, decodeURIComponent(part)];
    } catch {
      return [part];
    }
  });
  // Longest first, so a password holding the user name is removed whole.
  return [...new Set(found)].filter((value) => value.length > 0).sort((a, b) => b.length - a.length);
}

/**
 * Why a send failed, in words safe to answer and log: the mail server's own answer when it gave one (`550 5.1.1 No
 * such user`), else what went wrong on the way (a refused connection, a timeout), never a credential of the URL.
 */
export function refusalReason(error: unknown, smtpUrl: string, timeoutMs: number): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    code?: unknown;
    response?: unknown;
    message?: unknown;
  };
  let reason: string;
  if (e.name === 'AbortError' || e.code === 'EABORT' || e.code === 'ETIMEDOUT')
    reason = `No answer within ${timeoutMs / 1000} s`;
  else if (typeof e.response === 'string' && e.response.trim() !== '') reason = e.response;
  else if (typeof e.message === 'string' && e.message.trim() !== '') reason = e.message;
  else reason = 'The mail server could not be reached';
  for (const secret of credentialsOf(smtpUrl)) reason = reason.split(secret).join('[redacted]');
  reason = reason.replace(/\s+/g, ' ').trim();
  return reason.length > REASON_MAX_LENGTH ? `${reason.slice(0, REASON_MAX_LENGTH - 1)}…` : reason;
}

/** MAIL_FROM as the sender: a bare address gets the product's name as its display name. */
export function senderOf(mailFrom: string): string | { name: string; address: string } {
  return mailFrom.includes('<') ? mailFrom : { name: MAIL_PRODUCT_NAME, address: mailFrom };
}

export interface MailSender {
  /** Sends one message; throws MailRefusedError when the server refuses it or does not answer in time. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A sender through SMTP_URL as MAIL_FROM, each message cut after `timeoutMs` (connecting included). */
export function createMailSender(
  env: MailEnv & { SMTP_URL: string; MAIL_FROM: string },
  timeoutMs: number,
): MailSender {
  const url = new URL(env.SMTP_URL);
  // Options in the URL win over the ones below (nodemailer's rule): these two must not come from it.
  url.searchParams.delete('logger');
  url.searchParams.delete('debug');
  const transport = createTransport({
    url: url.toString(),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    debug: false,
  });
  const from = senderOf(env.MAIL_FROM);
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MailRefusedError(refusalReason(error, env.SMTP_URL, timeoutMs));
      }
    },
    close() {
      transport.close();
    },
  };
}
