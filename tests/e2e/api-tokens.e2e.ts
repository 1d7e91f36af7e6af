// Automation with an API token: an owner makes one on the API tokens page, a program uses it with
// exactly its role's rights, history names it, and revoking it on the page stops it at once.
import type { APIRequestContext } from '@playwright/test';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_TEXTS,
  API_TOKENS_TOASTS,
  apiTokenActorName,
  certificateRecordsResponseSchema,
} from '../../src/contract';
import { Api, DAY_MS } from './api';
import { chooseOption, dialog, expectToast, navigateTo, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

/** A program's call with the token, as the README's curl example makes it. */
async function withToken(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  return {
    status: response.status(),
    body: (await response.json().catch(() => null)) as { data: { uuid: string } },
  };
}

test('an editor API token made on the console issues a certificate, is refused /users, and stops once revoked', async ({
  page,
  request,
  now,
}) => {
  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'API tokens');
  await expect(heading(page, API_TOKENS_TEXTS.title)).toBeVisible();

  await page.getByRole('button', { name: API_TOKENS_TEXTS.create }).click();
  const create = dialog(page, API_TOKENS_TEXTS.createTitle);
  await create.getByRole('textbox', { name: API_TOKENS_TEXTS.nameLabel }).fill('CRM sync');
  await chooseOption(create, page, API_TOKENS_TEXTS.roleLabel, 'EDITOR');
  await create.getByRole('button', { name: API_TOKENS_TEXTS.createSubmit }).click();

  const created = dialog(page, API_TOKENS_TEXTS.createdTitle);
  await expect(created.getByText(API_TOKENS_TEXTS.secretNotice)).toBeVisible();
  const token = await created.getByRole('textbox', { name: API_TOKENS_TEXTS.secretLabel }).inputValue();
  expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
  await created.getByRole('button', { name: API_TOKENS_TEXTS.done }).click();
  const row = rowWith(page, API_TOKENS_TEXTS.tableLabel, 'CRM sync');
  await expect(row).toContainText('EDITOR');
  await expect(row).toContainText(API_TOKENS_TEXTS.prefixShown(token.slice(0, 9)));
  await expect(row).not.toContainText(token);

  // The program: creates a client and a certificate and activates it; users are beyond an editor.
  const client = await withToken(request, token, 'POST', '/clients', { name: 'Token Pictures' });
  expect(client.status).toBe(201);
  const certificate = await withToken(request, token, 'POST', '/certificates', {
    clientId: client.body.data.uuid,
    serialNumber: 'TOKEN-0001',
    studioCount: 1,
    userCount: 5,
    validFrom: now,
    validTo: now + 365 * DAY_MS,
  });
  expect(certificate.status).toBe(201);
  const uuid = certificate.body.data.uuid;
  expect((await withToken(request, token, 'POST', `/certificates/${uuid}/activate`)).status).toBe(200);
  expect((await withToken(request, token, 'GET', '/users')).status).toBe(403);

  // History names the token.
  const owner = await Api.signIn(request);
  const records = certificateRecordsResponseSchema.parse(
    (await owner.call('GET', `/certificates/${uuid}/records`)).body,
  );
  expect(records.data.map((record) => record.performBy?.name)).toEqual([
    apiTokenActorName('CRM sync'),
    apiTokenActorName('CRM sync'),
  ]);
  await page.goto('/');
  await expect(page.getByText(apiTokenActorName('CRM sync')).first()).toBeVisible();

  // Revoked on the page: the next call is a 401.
  await navigateTo(page, 'API tokens');
  await row.getByRole('button', { name: API_TOKENS_TEXTS.revoke }).click();
  const confirm = dialog(page, API_TOKENS_TEXTS.revokeTitle);
  await expect(confirm).toContainText(API_TOKENS_TEXTS.revokeConfirm('CRM sync'));
  await confirm.getByRole('button', { name: API_TOKENS_TEXTS.revokeSubmit }).click();
  await expectToast(page, API_TOKENS_TOASTS.revoked.title, API_TOKENS_TOASTS.revoked.description('CRM sync'));
  await expect(row).toHaveCount(0);
  expect((await withToken(request, token, 'GET', '/clients')).status).toBe(401);
});
