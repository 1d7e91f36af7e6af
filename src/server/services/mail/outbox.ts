// The mail outbox: a message is a row, written in the transaction that decides to send it (a digest with the marks of
// the reminders it carries), so a rollback sends nothing and a crash after the commit loses nothing; the dispatcher
// (dispatcher.ts) sends it. The request or the run that wrote it never waits on the mail server.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tsParam } from '../../db/sql';
import type { OutgoingMail } from './transport';

/** What a message is: the daily digest of expiring certificates. */
export type MailKind = 'expiry_digest';

export async function enqueueMail(
  tx: Db | Tx,
  message: OutgoingMail & { id: string; kind: MailKind; html: string },
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into mail_outbox (id, kind, recipient, subject, text_body, html_body, headers, status, attempt,
      next_attempt_at, created_at, updated_at)
    values (${message.id}::uuid, ${message.kind}, ${message.to}, ${message.subject}, ${message.text}, ${message.html},
      ${JSON.stringify(message.headers ?? {})}::jsonb, 'pending', 0, ${tsParam(at)}, ${tsParam(at)}, ${tsParam(at)})`);
}
