// The outbox: events written in the transaction of the change they report, so a change that rolls back leaves no
// event and a crash after the commit loses none. The one home of the mapping is here: `recordActivity`
// (services/shared/audit.ts), which every mutation calls inside its transaction, hands each activity to `recordEventOf`;
// the expiry sweep, which writes its activity rows in bulk, calls `recordCertificateEvents`, and writes the
// `certificate.expiring` warnings with `recordExpiringEvents`, once per certificate, threshold and end date across
// any number of processes (the unique `dedupe_key`, `on conflict do nothing`).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { WEBHOOK_EXPIRING_DAYS, type WebhookEventType } from '../../../contract/webhooks';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { reachedThreshold } from '../certificates/expiry-thresholds';
import { aliasCheckInColumns, checkInOverdueSql, checkInSinceSql } from '../certificates/status-rules';

/** The event an activity type reports, or null when webhooks do not carry it (sign-ins, tokens, webhooks). */
export function eventTypeOfActivity(activityType: string): WebhookEventType | null {
  switch (activityType) {
    case 'certificate.created':
    case 'certificate.updated':
    case 'certificate.activated':
    case 'certificate.downloaded':
    case 'certificate.renewed':
    case 'certificate.transferred':
    case 'certificate.revoked':
    case 'certificate.expired':
    case 'certificate.deleted':
    case 'client.created':
    case 'client.updated':
    case 'client.deleted':
    case 'user.created':
    case 'user.updated':
    case 'user.deleted':
      return activityType;
    // Changes that are edits of the client or user as a receiver sees them.
    case 'client.users_assigned':
      return 'client.updated';
    case 'user.enabled':
    case 'user.disabled':
    case 'user.clients_assigned':
      return 'user.updated';
    default:
      return null;
  }
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** A certificate as events carry it (never its licence), read in the writing transaction. */
const certificateJson = (alias: string) => {
  const c = sql.raw(alias);
  return sql`jsonb_build_object(
    'id', ${c}.id, 'serialNumber', ${c}.serial_number, 'status', ${c}.status,
    'clientId', ${c}.client_id, 'clientName', (select name from clients where id = ${c}.client_id),
    'studioCount', ${c}.studio_count, 'userCount', ${c}.user_count,
    'validFrom', ${epochMs(sql`${c}.valid_from`)}, 'validTo', ${epochMs(sql`${c}.valid_to`)},
    'transferredFrom', ${c}.transferred_from_id, 'transferredTo', ${c}.transferred_to_id)`;
};

function entityJson(eventType: WebhookEventType, targetId: string): SQL {
  const id = sql`${targetId}::uuid`;
  if (eventType === 'certificate.transferred')
    return sql`(select jsonb_build_object('from', ${certificateJson('o')}, 'to',
      (select ${certificateJson('n')} from certificates n where n.id = o.transferred_to_id))
      from certificates o where o.id = ${id})`;
  if (eventType.startsWith('certificate.'))
    return sql`(select jsonb_build_object('certificate', ${certificateJson('c')}) from certificates c where c.id = ${id})`;
  if (eventType.startsWith('client.'))
    return sql`(select jsonb_build_object('client', jsonb_build_object('id', id, 'name', name,
      'description', description, 'contactEmail', contact_email, 'contactPhone', contact_phone, 'address', address,
      'isActive', is_active)) from clients where id = ${id})`;
  return sql`(select jsonb_build_object('user', jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email,
      'role', r.name, 'isActive', u.is_active)) from users u join roles r on r.id = u.role_id where u.id = ${id})`;
}

/**
 * Writes the event an activity reports (nothing for an activity webhooks do not carry). `data` holds the entity as
 * the transaction left it (`{certificate}`, `{client}`, `{user}`, or `{from, to}` for a transfer), the activity's
 * `description` and the `actor`; a hard-deleted certificate is named by its `id` only.
 */
export async function recordEventOf(
  tx: Db | Tx,
  activity: {
    type: string;
    targetId?: string | null | undefined;
    description?: string | undefined;
    at?: Date | undefined;
  },
  actor: { id: string | null; name: string } | null,
): Promise<void> {
  const type = eventTypeOfActivity(activity.type);
  if (!type || !activity.targetId) return;
  const at = activity.at ?? new Date();
  const extra = JSON.stringify({
    description: activity.description ?? '',
    actor: actor ? { id: actor.id, name: actor.name } : null,
  });
  await tx.execute(sql`
    insert into webhook_events (id, type, data, created_at)
    values (${randomUUID()}, ${type},
      coalesce(${entityJson(type, activity.targetId)}, jsonb_build_object('id', ${activity.targetId}::text))
        || ${extra}::jsonb,
      ${at.toISOString()}::timestamptz)`);
}

/** One event per certificate (the expiry sweep's bulk writes): `{certificate, description, actor: null}`. */
export async function recordCertificateEvents(
  tx: Db | Tx,
  type: WebhookEventType,
  items: readonly { id: string; description: string }[],
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`
    insert into webhook_events (id, type, data, created_at)
    select gen_random_uuid(), ${type},
      jsonb_build_object('certificate', ${certificateJson('c')}, 'description', d.description, 'actor', null),
      ${at.toISOString()}::timestamptz
    from unnest(${sql.param(items.map((item) => item.id))}::uuid[], ${sql.param(items.map((item) => item.description))}::text[])
      as d(id, description)
    join certificates c on c.id = d.id`);
}

/**
 * `certificate.expiring` for every active or distributed certificate with 30, 7 or 1 days or fewer left: one event
 * for the smallest threshold reached (a certificate made with 5 days left is warned at 7 and 1, not at 30), once per
 * certificate, threshold and end date, so a renewed certificate is warned again before its new end. Answers how
 * many events it wrote.
 */
export async function recordExpiringEvents(db: Db | Tx, at: Date): Promise<number> {
  const now = at.toISOString();
  const reached = reachedThreshold(at, WEBHOOK_EXPIRING_DAYS);
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into webhook_events (id, type, data, dedupe_key, created_at)
    select gen_random_uuid(), 'certificate.expiring',
      jsonb_build_object('certificate', ${certificateJson('c')}, 'daysLeft', t.days, 'actor', null,
        'description', 'Certificate ' || c.serial_number || ' expires in ' || t.days || (case when t.days = 1 then ' day' else ' days' end)),
      'certificate.expiring:' || c.id || ':' || t.days || ':' || ${epochMs(sql`c.valid_to`)},
      ${now}::timestamptz
    from certificates c
    ${reached.join}
    where ${reached.where}
      -- Written already (the usual case on every sweep but the first past a threshold): skipped before its JSON is
      -- built; the unique key below still decides between processes racing.
      and not exists (
        select 1 from webhook_events e
        where e.dedupe_key = 'certificate.expiring:' || c.id || ':' || t.days || ':' || ${epochMs(sql`c.valid_to`)}
      )
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return written.length;
}

/**
 * `certificate.grace_ended` once a certificate's grace period is over (its machines now answer EXPIRED): once per
 * certificate and grace end, for grace ends in the last week (a server stopped for longer does not announce old
 * ones). Answers how many events it wrote.
 */
export async function recordGraceEndedEvents(db: Db | Tx, at: Date): Promise<number> {
  const now = at.toISOString();
  const graceEnd = sql`(c.valid_to + make_interval(days => c.grace_days))`;
  const key = sql`'certificate.grace_ended:' || c.id || ':' || ${epochMs(graceEnd)}`;
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into webhook_events (id, type, data, dedupe_key, created_at)
    select gen_random_uuid(), 'certificate.grace_ended',
      jsonb_build_object('certificate', ${certificateJson('c')}, 'graceUntil', ${epochMs(graceEnd)}, 'actor', null,
        'description', 'The grace period of certificate ' || c.serial_number || ' has ended'),
      ${key}, ${now}::timestamptz
    from certificates c
    where c.grace_days > 0 and c.status in ('active', 'distributed', 'expired')
      and c.valid_to <= ${now}::timestamptz
      and ${graceEnd} <= ${now}::timestamptz
      and ${graceEnd} > ${now}::timestamptz - interval '7 days'
      and not exists (select 1 from webhook_events e where e.dedupe_key = ${key})
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return written.length;
}

/**
 * `certificate.check_in_overdue` once per certificate and overdue period: a period starts at its last check-in (or
 * signing) and a check-in ends it, so a certificate that checks in and then goes quiet again is announced again.
 * The rule of the list's `checkIn=overdue` and of the digest (certificates/status-rules.ts). Answers how many it wrote.
 */
export async function recordCheckInOverdueEvents(db: Db | Tx, at: Date): Promise<number> {
  const now = at.toISOString();
  const columns = aliasCheckInColumns('c');
  const key = sql`'certificate.check_in_overdue:' || c.id || ':' || ${epochMs(checkInSinceSql(columns))}`;
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into webhook_events (id, type, data, dedupe_key, created_at)
    select gen_random_uuid(), 'certificate.check_in_overdue',
      jsonb_build_object('certificate', ${certificateJson('c')}, 'lastCheckInAt', ${epochMs(sql`c.last_check_in_at`)},
        'actor', null,
        'description', 'Certificate ' || c.serial_number || ' has not checked in for ' || c.file_lifetime_days || ' days'),
      ${key}, ${now}::timestamptz
    from certificates c
    where ${checkInOverdueSql(at, columns)}
      and not exists (select 1 from webhook_events e where e.dedupe_key = ${key})
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return written.length;
}
