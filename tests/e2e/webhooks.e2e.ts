// Signed webhooks: an owner adds an endpoint on the Webhooks page, a certificate is revoked, and a
// receiver started here gets a POST whose Standard Webhooks signature verifies with the secret the page showed
// once; the endpoint's delivery log shows it delivered.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOKS_TEXTS } from '../../src/contract';
import { Api } from './api';
import { dialog, navigateTo, rowWith } from './console';
import { expect, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver's check, as docs/webhooks.md writes it: HMAC-SHA256 of "id.timestamp.body" with the secret's bytes. */
function signatureVerifies(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = Buffer.from(createHmac('sha256', key).update(signed).digest('base64'));
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const given = Buffer.from(part.replace(/^v1,/, ''));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test('an owner adds a webhook, a certificate is revoked, and the receiver gets a signed event that the log shows delivered', async ({
  page,
  request,
}) => {
  const received: Received[] = [];
  const receiver = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/licence-events`;

  try {
    await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
    await navigateTo(page, 'Webhooks');
    await page.getByRole('button', { name: WEBHOOKS_TEXTS.create }).click();
    const form = dialog(page, WEBHOOKS_TEXTS.form.createTitle);
    await form.getByRole('textbox', { name: WEBHOOKS_TEXTS.form.url }).fill(url);
    // The kit's checkbox draws its own box over the native input: a person presses the label.
    await form.getByText(WEBHOOK_EVENT_LABELS['certificate.revoked'], { exact: true }).click();
    await expect(
      form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['certificate.revoked'] }),
    ).toBeChecked();
    await form.getByRole('button', { name: WEBHOOKS_TEXTS.form.createSubmit }).click();
    const shown = dialog(page, WEBHOOKS_TEXTS.createdTitle);
    const secret = await shown.getByRole('textbox', { name: WEBHOOKS_TEXTS.secretLabel }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: WEBHOOKS_TEXTS.done }).click();
    await expect(rowWith(page, WEBHOOKS_TEXTS.tableLabel, url)).toBeVisible();

    // The change the endpoint asked to hear about.
    const owner = await Api.signIn(request);
    const client = await owner.createClient('Hooked Pictures');
    const certificate = await owner.createCertificate(client, { serialNumber: 'HOOK-0001' });
    await owner.activate(certificate);
    await owner.revoke(certificate, 'Machine stolen');

    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [event] = received;
    expect(signatureVerifies(secret, event!)).toBe(true);
    const payload = JSON.parse(event!.body) as { type: string; data: { id?: string; serialNumber?: string } };
    expect(payload.type).toBe('certificate.revoked');
    expect(JSON.stringify(payload.data)).toContain('HOOK-0001');
    // A tampered body would not verify.
    expect(
      signatureVerifies(secret, { ...event!, body: event!.body.replace('HOOK-0001', 'HOOK-9999') }),
    ).toBe(false);

    // The log shows it delivered.
    await rowWith(page, WEBHOOKS_TEXTS.tableLabel, url)
      .getByRole('button', { name: WEBHOOKS_TEXTS.actions.deliveries })
      .click();
    const log = dialog(page, WEBHOOKS_TEXTS.deliveries.title(url));
    const row = rowWith(
      log,
      WEBHOOKS_TEXTS.deliveries.tableLabel,
      WEBHOOK_EVENT_LABELS['certificate.revoked'],
    );
    await expect(row).toContainText(WEBHOOK_DELIVERY_STATUS_LABELS.delivered);
    await expect(row).toContainText('204');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
