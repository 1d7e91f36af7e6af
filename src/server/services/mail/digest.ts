// The digest of expiring certificates for each recipient: every active staff user with reminders on (owners and
// admins: every certificate; editors and viewers: those of the clients assigned to them) and, for a client that asks
// for it, its contact e-mail (that client's certificates). An entry is a certificate in force that has reached a
// threshold (30, 7 or 1 days; the rule of certificates/expiry-thresholds.ts, shared with the webhooks' warnings) and
// was not reminded yet to this recipient for this threshold and end date. A staff user's digest also lists the
// certificates overdue for a check-in (their machines stopped calling) not yet told in their current overdue period.
//
// Each recipient's digest is one transaction: the marks of its reminders (`mail_reminders`, unique on certificate,
// threshold, end date and recipient) and its outbox row commit together, so a crash loses nothing, a rerun finds
// everything marked, and a certificate is never in two digests to one recipient, across processes too (the unique key
// decides between two writers; the later one finds nothing left and sends nothing).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS, DEFAULT_API_BASE } from '../../../contract/constants';
import { MAIL_UNSUBSCRIBE_PATH, REMINDER_DAYS, type MailRecipientKind } from '../../../contract/mail';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { tsParam } from '../../db/sql';
import type { Env } from '../../env';
import { reachedThreshold } from '../certificates/expiry-thresholds';
import {
  aliasCheckInColumns,
  aliasColumns,
  checkInOverdueSql,
  checkInSinceSql,
  inForceSql,
} from '../certificates/status-rules';
import { composeDigest, type DigestAudience, type DigestEntry, type OverdueEntry } from './digest-message';
import { enqueueMail } from './outbox';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

export interface DigestContext {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  tokens: UnsubscribeTokens;
}

interface Recipient {
  kind: MailRecipientKind;
  id: string;
  address: string;
  audience: DigestAudience;
  /** Which certificates (`c`) are this recipient's. */
  scope: SQL;
}

/** The unsubscribe link of a recipient: the API's own address under PUBLIC_URL (routes/mail.ts answers it). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${DEFAULT_API_BASE}${MAIL_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Active staff users who have reminders on, in id order. */
async function staffRecipients(db: Db): Promise<Recipient[]> {
  const rows = await queryRows<{ id: string; name: string; email: string; role: string }>(
    db,
    sql`select u.id, u.name, u.email, r.name as role from users u join roles r on r.id = u.role_id
      where u.is_active and u.deleted_at is null and u.expiry_reminders
      order by u.id`,
  );
  return rows.map((row) => ({
    kind: 'user',
    id: row.id,
    address: row.email,
    audience: { kind: 'user', name: row.name },
    // Owners and admins manage every client (docs/requirements.md#roles); the others, those assigned to them.
    scope:
      row.role === 'owner' || row.role === 'admin'
        ? sql`true`
        : sql`c.client_id in (select cu.client_id from client_users cu where cu.user_id = ${row.id}::uuid)`,
  }));
}

/**
 * Live, active clients that ask for reminders to their contact e-mail and have a certificate in the largest window
 * (a deactivated client's licences are not honoured anyway: it is not told to renew them).
 */
async function contactRecipients(db: Db, at: Date): Promise<Recipient[]> {
  const horizon = new Date(at.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS);
  const rows = await queryRows<{ id: string; name: string; contact_email: string }>(
    db,
    sql`select cl.id, cl.name, cl.contact_email from clients cl
      where cl.remind_contact and cl.contact_email <> '' and cl.is_active and cl.deleted_at is null
        and exists (select 1 from certificates c where c.client_id = cl.id
          and ${inForceSql(at, aliasColumns('c'))} and c.valid_to <= ${tsParam(horizon)})
      order by cl.id`,
  );
  return rows.map((row) => ({
    kind: 'contact',
    id: row.id,
    address: row.contact_email,
    audience: { kind: 'contact', clientName: row.name },
    scope: sql`c.client_id = ${row.id}::uuid`,
  }));
}

/**
 * Marks, for a staff recipient, the certificates overdue for a check-in that it was not told of in their current
 * overdue period (`mail_check_in_reminders`, unique on certificate, period and recipient), and answers them, longest
 * silent first. The rule is the list's `checkIn=overdue` and the webhook's (certificates/status-rules.ts).
 */
async function markOverdue(
  tx: Tx,
  recipient: Recipient,
  at: Date,
  messageId: string,
): Promise<OverdueEntry[]> {
  const columns = aliasCheckInColumns('c');
  const rows = await queryRows<{
    id: string;
    serial_number: string;
    client_name: string;
    since: string | Date;
    never_checked_in: boolean;
    file_lifetime_days: number;
  }>(
    tx,
    sql`
    with due as (
      select c.id, c.serial_number, c.client_id, c.file_lifetime_days, ${checkInSinceSql(columns)} as since,
        c.last_check_in_at is null as never_checked_in
      from certificates c
      where ${checkInOverdueSql(at, columns)} and ${recipient.scope}
    ), marked as (
      insert into mail_check_in_reminders (certificate_id, since, recipient_id, message_id, created_at)
      select d.id, d.since, ${recipient.id}::uuid, ${messageId}::uuid, ${tsParam(at)}
      from due d
      where not exists (
        select 1 from mail_check_in_reminders m
        where m.certificate_id = d.id and m.since = d.since and m.recipient_id = ${recipient.id}::uuid
      )
      order by d.id
      on conflict do nothing
      returning certificate_id
    )
    select d.id, d.serial_number, cl.name as client_name, d.since, d.never_checked_in, d.file_lifetime_days
    from marked m
    join due d on d.id = m.certificate_id
    join clients cl on cl.id = d.client_id
    order by d.since, d.serial_number, d.id`,
  );
  return rows.map((row) => ({
    certificateId: row.id,
    serialNumber: row.serial_number,
    clientName: row.client_name,
    since: new Date(row.since),
    neverCheckedIn: row.never_checked_in,
    lifetimeDays: row.file_lifetime_days,
  }));
}

/**
 * Marks what is new for the recipient and queues its digest, in one transaction; answers whether a message was queued
 * (nothing new: nothing written).
 */
async function queueDigest(
  ctx: DigestContext,
  recipient: Recipient,
  at: Date,
  publicUrl: string,
): Promise<boolean> {
  const reached = reachedThreshold(at, REMINDER_DAYS);
  return ctx.db.transaction(async (tx) => {
    const messageId = randomUUID();
    const rows = await queryRows<{
      id: string;
      serial_number: string;
      client_name: string;
      valid_to: string | Date;
    }>(
      tx,
      sql`
      with reached as (
        select c.id, c.serial_number, c.client_id, c.valid_to, t.days
        from certificates c
        ${reached.join}
        where ${reached.where} and ${recipient.scope}
      ), marked as (
        insert into mail_reminders (certificate_id, days, valid_to, recipient_kind, recipient_id, message_id, created_at)
        select r.id, r.days, r.valid_to, ${recipient.kind}, ${recipient.id}::uuid, ${messageId}::uuid, ${tsParam(at)}
        from reached r
        -- Reminded already (the usual case on every day but the first past a threshold): skipped here; the primary
        -- key still decides between two writers racing. Rows in id order, so two writers wait rather than deadlock.
        where not exists (
          select 1 from mail_reminders m
          where m.certificate_id = r.id and m.days = r.days and m.valid_to = r.valid_to
            and m.recipient_kind = ${recipient.kind} and m.recipient_id = ${recipient.id}::uuid
        )
        order by r.id
        on conflict do nothing
        returning certificate_id
      )
      select r.id, r.serial_number, cl.name as client_name, r.valid_to
      from marked m
      join reached r on r.id = m.certificate_id
      join clients cl on cl.id = r.client_id
      order by r.valid_to, r.serial_number, r.id`,
    );
    const expiring: DigestEntry[] = rows.map((row) => ({
      certificateId: row.id,
      serialNumber: row.serial_number,
      clientName: row.client_name,
      validTo: new Date(row.valid_to),
    }));
    const overdue = recipient.kind === 'user' ? await markOverdue(tx, recipient, at, messageId) : [];
    if (expiring.length === 0 && overdue.length === 0) return false;
    const token = ctx.tokens.sign({ kind: recipient.kind, id: recipient.id });
    const message = composeDigest(recipient.audience, { expiring, overdue }, at, {
      publicUrl,
      unsubscribeUrl: unsubscribeUrl(publicUrl, token),
    });
    await enqueueMail(tx, { id: messageId, kind: 'expiry_digest', to: recipient.address, ...message }, at);
    return true;
  });
}

/**
 * Queues the digests of `at` for every recipient (one e-mail each, or none when nothing is new); answers how many it
 * queued. `afterEach` runs after each recipient (the daily run renews its lease there).
 */
export async function queueDigests(
  ctx: DigestContext,
  at: Date,
  afterEach: () => Promise<void> = async () => {},
): Promise<number> {
  const publicUrl = ctx.env.PUBLIC_URL;
  // env.ts refuses SMTP_URL without PUBLIC_URL: without it mail is off and nothing reaches here.
  if (!publicUrl) return 0;
  let queued = 0;
  for (const recipients of [() => staffRecipients(ctx.db), () => contactRecipients(ctx.db, at)])
    for (const recipient of await recipients()) {
      if (await queueDigest(ctx, recipient, at, publicUrl)) queued += 1;
      await afterEach();
    }
  return queued;
}
