// Expiry reminders by e-mail (docs/mail.md): the panel on the Webhooks page that says whether mail is on
// and sends a test, and each user's own switch on the Account page. src/contract/ui-texts.ts gathers every area.
import { REMINDER_DAYS } from '../mail';

const thresholds = `${REMINDER_DAYS.slice(0, -1).join(', ')} or ${REMINDER_DAYS.at(-1)} days`;

/** The "Expiry reminders by e-mail" panel of the Webhooks page (owners and admins). */
export const MAIL_PANEL_TEXTS = {
  heading: 'Expiry reminders by e-mail',
  loading: 'Loading mail settings...',
  on: (time: string, from: string) =>
    `Every day at ${time} UTC, staff get one e-mail listing the certificates that expire within ${thresholds}: editors and viewers those of their clients, owners and admins all of them. Sent from ${from}.`,
  /** Mail is off: what the server lacks, in the words an operator acts on. */
  off: 'E-mail reminders are off: the server has no mail server to send through. Set SMTP_URL, MAIL_FROM and PUBLIC_URL, then restart it.',
  offBadge: 'Off',
  onBadge: 'On',
  sendTest: 'Send test e-mail',
  sendingTest: 'Sending...',
  sendTestHint: 'Sends a short e-mail to your own address to prove the configuration.',
} as const;

/** The Account page's switch: the signed-in user's own reminders. */
export const REMINDER_SETTING_TEXTS = {
  heading: 'Expiry reminders',
  description: `A daily e-mail lists the certificates that expire within ${thresholds}: those of your clients, or all of them for owners and admins. Each certificate is reminded of once at each step.`,
  label: 'E-mail me before certificates expire',
  loading: 'Loading your reminder setting...',
} as const;

/** Their toasts; a failure's description is the server's message when it sent one. */
export const MAIL_TOASTS = {
  testSent: {
    title: 'Test E-mail Sent',
    description: (to: string) => `The mail server accepted a test e-mail to ${to}.`,
  },
  testFailed: { title: 'Test E-mail Failed', description: 'Failed to send a test e-mail. Please try again.' },
  remindersOn: { title: 'Reminders On', description: 'You will get expiry reminders by e-mail.' },
  remindersOff: { title: 'Reminders Off', description: 'You will no longer get expiry reminders by e-mail.' },
  saveFailed: {
    title: 'Save Failed',
    description: 'Failed to save your reminder setting. Please try again.',
  },
} as const;

/** The data calls' texts when the server sends no message. */
export const MAIL_ERRORS = {
  fetchStatus: 'Failed to fetch the mail settings',
  sendTest: 'Failed to send a test e-mail',
  fetchPreferences: 'Failed to fetch your reminder setting',
  updatePreferences: 'Failed to save your reminder setting',
} as const;
