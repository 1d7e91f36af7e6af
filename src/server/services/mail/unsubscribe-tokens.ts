// The token of an unsubscribe link: `{kind}.{id}.{mac}`, the mac an HMAC-SHA256 over the recipient's kind and id with
// a key derived (HKDF) from the server's secret (JWT_SECRET or the generated one, services/auth/access-tokens.ts), so every
// process checks every link, nothing is stored per link, and a link names one recipient only. Rotating JWT_SECRET
// invalidates the links of mail already sent (the Account page still turns reminders off).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { MAIL_RECIPIENT_KINDS, type MailRecipientKind } from '../../../contract/mail';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { serverSecret } from '../auth/access-tokens';

export interface MailRecipientRef {
  kind: MailRecipientKind;
  /** The user's id, or the client's (its contact e-mail is the recipient). */
  id: string;
}

export interface UnsubscribeTokens {
  sign(recipient: MailRecipientRef): string;
  /** The recipient a token names, or null for anything the server did not sign. */
  verify(token: string): MailRecipientRef | null;
}

const KEY_INFO = 'license-console/mail-unsubscribe/v1';
const TOKEN_SHAPE = new RegExp(
  `^(${MAIL_RECIPIENT_KINDS.join('|')})\\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([A-Za-z0-9_-]{43})$`,
);

export async function createUnsubscribeTokens(
  db: Db,
  env: Pick<Env, 'JWT_SECRET'>,
): Promise<UnsubscribeTokens> {
  const key = Buffer.from(hkdfSync('sha256', await serverSecret(db, env), '', KEY_INFO, 32));
  const macOf = ({ kind, id }: MailRecipientRef) =>
    createHmac('sha256', key).update(`${kind}:${id}`).digest('base64url');
  return {
    sign: (recipient) => `${recipient.kind}.${recipient.id}.${macOf(recipient)}`,
    verify(token) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return null;
      const recipient = { kind: match[1] as MailRecipientKind, id: match[2]! };
      const expected = Buffer.from(macOf(recipient));
      const given = Buffer.from(match[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? recipient : null;
    },
  };
}
