// Expiry reminders by e-mail: with SMTP_URL and MAIL_FROM set, the Webhooks page says reminders are on,
// and "Send test e-mail" reaches a real SMTP server started here; each user turns their own reminders off on the
// Account page, and the server keeps the choice.
import {
  MAIL_PANEL_TEXTS,
  MAIL_TOASTS,
  OUTGOING_MAIL_TEXTS,
  REMINDER_SETTING_TEXTS,
} from '../../src/contract';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { expectToast, navigateTo, pressAccountControl } from './console';
import { expect, signIn, test } from './fixtures';
import { portBelowEphemeralRange } from './server';
import { E2E_ACCOUNTS } from './server-log';

// The server's environment is fixed before any test starts, so the SMTP server takes a port chosen here.
const SMTP_PORT = portBelowEphemeralRange(2);
const MAIL_FROM = 'Licence desk <licences@e2e.test>';
test.use({
  serverEnv: {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM,
    PUBLIC_URL: 'https://licences.e2e.test',
  },
});

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer({ port: SMTP_PORT });
});
test.afterAll(async () => {
  await smtp.close();
});

test('an owner sees reminders on, sends a test e-mail that arrives, and turns their own reminders off', async ({
  page,
}) => {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Webhooks');
  const panel = page.getByRole('region', { name: MAIL_PANEL_TEXTS.heading });
  await expect(panel.getByText(MAIL_PANEL_TEXTS.onBadge, { exact: true })).toBeVisible();
  await expect(panel).toContainText(MAIL_FROM);

  await panel.getByRole('button', { name: MAIL_PANEL_TEXTS.sendTest }).click();
  await expectToast(page, MAIL_TOASTS.testSent.title, E2E_ACCOUNTS.owner.email);
  // The toast came after the mail server took the message: it is here already.
  const [mail] = smtp.to(E2E_ACCOUNTS.owner.email);
  expect(mail?.parsed.subject).toBe(OUTGOING_MAIL_TEXTS.testSubject);
  expect(mail?.parsed.from?.value).toEqual([{ name: 'Licence desk', address: 'licences@e2e.test' }]);

  await pressAccountControl(page, 'Account');
  const reminders = page.getByRole('checkbox', { name: REMINDER_SETTING_TEXTS.label });
  await expect(reminders).toBeChecked();
  // The kit's checkbox draws its own box over the native input: a person presses the label.
  await page.getByText(REMINDER_SETTING_TEXTS.label, { exact: true }).click();
  await expectToast(page, MAIL_TOASTS.remindersOff.title);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: REMINDER_SETTING_TEXTS.label })).not.toBeChecked();
});
