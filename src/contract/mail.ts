// Expiry reminders by e-mail (docs/mail.md): whether mail is configured, the test e-mail, each user's
// own opt-out, and the texts of the digest. The server sends through SMTP_URL as MAIL_FROM; without both, reminders
// are off and the console says so.
import { z } from 'zod';
import { dataOf } from './common';
import { PRODUCT_TITLE } from './constants';

/** A certificate is reminded of when this many days (or fewer) are left: once per threshold, end date and recipient. */
export const REMINDER_DAYS = [30, 7, 1] as const;
/** The daily digest's default time of day (UTC), `REMINDER_TIME` replaces it. */
export const DEFAULT_REMINDER_TIME = '08:00';
/** The product's name in mail (subjects, sender display, footers): the console's own title. */
export const MAIL_PRODUCT_NAME = PRODUCT_TITLE;

/** `GET /mail/status` (owner, admin): whether reminders can be sent, and how. */
export const mailStatusSchema = z.object({
  enabled: z.boolean(),
  /** MAIL_FROM as configured, or null when mail is off. */
  from: z.string().nullable(),
  /** The time of day (UTC, HH:MM) the daily digest goes out. */
  reminderTime: z.string(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;
export const mailStatusResponseSchema = dataOf(mailStatusSchema);

/** `POST /mail/test` (owner, admin): sends a test e-mail to the caller's own address. */
export const mailTestResponseSchema = dataOf(z.object({ to: z.string() }));

/** `GET` and `PUT /auth/preferences` (any signed-in user): the caller's own settings. */
export const preferencesSchema = z.object({
  expiryReminders: z.boolean({ error: 'expiryReminders must be true or false' }),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponseSchema = dataOf(preferencesSchema);
export const updatePreferencesRequestSchema = preferencesSchema;

export const MAIL_MESSAGES = {
  /** 409 from `POST /mail/test` when SMTP_URL or MAIL_FROM is missing. */
  mailOff: 'E-mail is off: set SMTP_URL and MAIL_FROM to send reminders',
  /** 502 from `POST /mail/test`: the mail server's own answer follows. */
  mailRefused: (reason: string) => `The mail server did not accept the test e-mail: ${reason}`,
  /** 400 from the unsubscribe link when its token is bad or tampered with. */
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

/** Who a reminder goes to: a staff user, or a client's contact e-mail (the id is the user's or the client's). */
export const MAIL_RECIPIENT_KINDS = ['user', 'contact'] as const;
export type MailRecipientKind = (typeof MAIL_RECIPIENT_KINDS)[number];

/** The path of the unsubscribe link (`List-Unsubscribe`, RFC 8058), under the API prefix. */
export const MAIL_UNSUBSCRIBE_PATH = '/mail/unsubscribe';
/** `GET` and `POST /mail/unsubscribe?token=…`: the token of the link, signed by the server. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: MAIL_MESSAGES.unsubscribeInvalid })
    .min(1, { error: MAIL_MESSAGES.unsubscribeInvalid })
    .max(200, { error: MAIL_MESSAGES.unsubscribeInvalid }),
});

/** More entries than this in one digest are counted, not listed (the console's lists have them all). */
export const MAX_DIGEST_ENTRIES = 200;

const certificatesWord = (count: number) => (count === 1 ? 'certificate' : 'certificates');
const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** The texts of the mail the server sends (English, like every stored text), and of the unsubscribe pages. */
export const OUTGOING_MAIL_TEXTS = {
  /** Each part only when it counts something: with no missed check-in, `License Console: 3 certificates expire soon`. */
  digestSubject: (expiring: number, overdue = 0) =>
    `${MAIL_PRODUCT_NAME}: ${[
      expiring > 0
        ? `${expiring} ${certificatesWord(expiring)} ${expiring === 1 ? 'expires' : 'expire'} soon`
        : '',
      overdue > 0
        ? `${overdue} ${certificatesWord(overdue)} missed ${overdue === 1 ? 'its' : 'their'} check-in`
        : '',
    ]
      .filter(Boolean)
      .join(', ')}`,
  greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
  staffIntro: (count: number) =>
    count === 1 ? 'This certificate expires soon:' : `These ${count} certificates expire soon:`,
  contactIntro: (client: string, count: number) =>
    count === 1
      ? `This licence of ${client} expires soon:`
      : `These ${count} licences of ${client} expire soon:`,
  /** One entry: the day is `describeDay` of its end, `daysLeft` rounded up. */
  expires: (day: string, daysLeft: number) => `expires ${day}, in ${daysText(daysLeft)}`,
  /** Staff only: the machines that stopped checking in (an overdue check-in), after the expiring ones. */
  overdueIntro: (count: number) =>
    count === 1
      ? 'This certificate has not checked in within its licence file lifetime:'
      : `These ${count} certificates have not checked in within their licence file lifetime:`,
  /** One overdue entry: `day` is `describeDay` of its last check-in, or of its signing before the first. */
  lastCheckIn: (day: string, lifetimeDays: number) =>
    `last check-in ${day}, due every ${daysText(lifetimeDays)}`,
  neverCheckedIn: (day: string, lifetimeDays: number) =>
    `no check-in since it was signed ${day}, due every ${daysText(lifetimeDays)}`,
  more: (count: number) => `and ${count} more ${certificatesWord(count)}`,
  contactRenew: 'To renew, please contact your account manager.',
  /** Followed by the link to the Account page. */
  staffFooter: `You get this e-mail because expiry reminders are on for your ${MAIL_PRODUCT_NAME} account. Turn them off on your Account page:`,
  contactFooter: (client: string) =>
    `You get this e-mail as the contact of ${client} for its licences, sent by ${MAIL_PRODUCT_NAME}.`,
  unsubscribe: 'Unsubscribe',
  testSubject: `${MAIL_PRODUCT_NAME}: test e-mail`,
  testBody: (publicUrl: string, reminderTime: string) =>
    `This is a test e-mail from ${MAIL_PRODUCT_NAME} at ${publicUrl}. Mail is configured: expiry reminders go out every day at ${reminderTime} UTC.`,
  /** The page of the unsubscribe link (GET): it asks, and only its button (a POST) turns reminders off. */
  unsubscribeTitle: 'Stop expiry reminders?',
  unsubscribeQuestion: (address: string) =>
    `${address} gets an e-mail from ${MAIL_PRODUCT_NAME} when certificates are about to expire.`,
  unsubscribeButton: 'Stop expiry reminders',
  unsubscribedTitle: 'Expiry reminders are off',
  unsubscribedUser: (address: string) =>
    `${address} gets no more expiry reminders. Turn them on again on your Account page.`,
  unsubscribedContact: (address: string) => `${address} gets no more expiry reminders.`,
} as const;
