// Who gets reminders: each user's own switch (`GET`/`PUT /auth/preferences`, the Account page), and the unsubscribe
// link of every digest, which turns off that user's reminders or that client's contact reminders. Each change is in
// the activity log, written in its transaction.
import { sql } from 'drizzle-orm';
import { MAIL_MESSAGES, type MailRecipientKind, type Preferences } from '../../../contract/mail';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { tsParam } from '../../db/sql';
import { notFound, validationFailed } from '../../errors';
import { recordActivity } from '../shared/audit';
import type { Actor, AppContext } from '../shared/context';
import type { MailRecipientRef, UnsubscribeTokens } from './unsubscribe-tokens';

/** The recipient of an unsubscribe link as its pages name it. */
export interface LinkRecipient {
  kind: MailRecipientKind;
  address: string;
}

export interface MailPreferences {
  get(userId: string): Promise<Preferences>;
  update(actor: Actor, input: Preferences): Promise<Preferences>;
  /** The recipient a link names (400 for a link the server did not sign, or whose recipient is gone). */
  recipientOf(token: string): Promise<LinkRecipient>;
  /** Turns the link's recipient's reminders off (nothing to do when they are off already). */
  unsubscribe(token: string): Promise<LinkRecipient>;
}

const invalidLink = () => validationFailed({ token: MAIL_MESSAGES.unsubscribeInvalid });
const onOff = (on: boolean) => (on ? 'on' : 'off');

interface UserRow {
  id: string;
  name: string;
  email: string;
  expiry_reminders: boolean;
}
interface ClientRow {
  id: string;
  name: string;
  contact_email: string;
  remind_contact: boolean;
}

const lockUser = async (tx: Tx, id: string) =>
  (
    await queryRows<UserRow>(
      tx,
      sql`select id, name, email, expiry_reminders from users where id = ${id}::uuid and deleted_at is null
        for no key update`,
    )
  )[0];
const lockClient = async (tx: Tx, id: string) =>
  (
    await queryRows<ClientRow>(
      tx,
      sql`select id, name, contact_email, remind_contact from clients where id = ${id}::uuid and deleted_at is null
        for no key update`,
    )
  )[0];

export function createMailPreferences(
  ctx: Pick<AppContext, 'db' | 'now'>,
  tokens: UnsubscribeTokens,
): MailPreferences {
  const { db, now } = ctx;

  /** Sets a user's switch; answers the row as it was, or undefined when there is no such live user. */
  async function setUserReminders(tx: Tx, userId: string, on: boolean, how: string, at: Date) {
    const row = await lockUser(tx, userId);
    if (!row || row.expiry_reminders === on) return row;
    await tx.execute(
      sql`update users set expiry_reminders = ${on}, updated_at = ${tsParam(at)} where id = ${userId}::uuid`,
    );
    await recordActivity(
      tx,
      { id: row.id, name: row.name },
      {
        type: 'user.preferences_changed',
        targetType: 'user',
        targetId: row.id,
        description: `${row.name} turned expiry reminders ${onOff(on)}${how}`,
        at,
      },
    );
    return row;
  }

  const verified = (token: string): MailRecipientRef => {
    const recipient = tokens.verify(token);
    if (!recipient) throw invalidLink();
    return recipient;
  };

  return {
    async get(userId) {
      const [row] = await queryRows<{ expiry_reminders: boolean }>(
        db,
        sql`select expiry_reminders from users where id = ${userId}::uuid and deleted_at is null`,
      );
      if (!row) throw notFound('User');
      return { expiryReminders: row.expiry_reminders };
    },

    async update(actor, input) {
      const at = now();
      const row = await db.transaction((tx) => setUserReminders(tx, actor.id, input.expiryReminders, '', at));
      if (!row) throw notFound('User');
      return { expiryReminders: input.expiryReminders };
    },

    async recipientOf(token) {
      const { kind, id } = verified(token);
      const [row] =
        kind === 'user'
          ? await queryRows<{ address: string }>(
              db,
              sql`select email as address from users where id = ${id}::uuid and deleted_at is null`,
            )
          : await queryRows<{ address: string }>(
              db,
              sql`select case when contact_email <> '' then contact_email else name end as address
                from clients where id = ${id}::uuid and deleted_at is null`,
            );
      if (!row) throw invalidLink();
      return { kind, address: row.address };
    },

    async unsubscribe(token) {
      const { kind, id } = verified(token);
      const at = now();
      return db.transaction(async (tx): Promise<LinkRecipient> => {
        if (kind === 'user') {
          const row = await setUserReminders(tx, id, false, ' (unsubscribe link)', at);
          if (!row) throw invalidLink();
          return { kind, address: row.email };
        }
        const row = await lockClient(tx, id);
        if (!row) throw invalidLink();
        const address = row.contact_email || row.name;
        if (row.remind_contact) {
          await tx.execute(
            sql`update clients set remind_contact = false, updated_at = ${tsParam(at)} where id = ${id}::uuid`,
          );
          // Nobody signed in: the activity has no actor, and says whose link it was.
          await recordActivity(tx, null, {
            type: 'client.updated',
            targetType: 'client',
            targetId: id,
            description: `Updated client ${row.name}: contact reminders off (unsubscribe link of ${address})`,
            at,
          });
        }
        return { kind, address };
      });
    },
  };
}
