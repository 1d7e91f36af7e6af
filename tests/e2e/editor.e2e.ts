// The editor's journey: a certificate from creation to revocation, its licence file checked with node:crypto
// and in the 'Validate licence' dialog, and its history.
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ACCESS_DENIED_TEXTS,
  CERTIFICATES_TEXTS,
  LICENSE_CHECK_TEXTS,
  publicKeysResponseSchema,
  VALIDATE_LICENSE_TEXTS,
  type LicenseFileBody,
} from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { dialog, navigateTo, rowWith } from './console';
import { editorCertificateJourney } from './editor-journey';
import { expect, heading, signIn, test } from './fixtures';

const TEXTS = CERTIFICATES_TEXTS;

test('the editor creates, activates, downloads, validates and revokes a certificate and reads its history', async ({
  page,
  request,
  now,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Edna Editor', 'editor');
  await owner.createClient('Northwind Studios');

  await signIn(page, editor.email, TEST_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await navigateTo(page, 'Certificates');

  const { serialNumber, licensePath } = await editorCertificateJourney(page, {
    clientName: 'Northwind Studios',
    serialNumber: 'NW-0001-E2E',
    now,
    input: 'mouse',
  });

  // The saved file's signature verifies with the server's published key (what licensed software does offline).
  const fileText = readFileSync(licensePath, 'utf8');
  const license = JSON.parse(fileText) as LicenseFileBody;
  expect(license.serialNumber).toBe(serialNumber);
  const keysResponse = await request.get('/api/v1/licensing/public-keys');
  const { keys } = publicKeysResponseSchema.parse(await keysResponse.json()).data;
  const key = keys.find((candidate) => candidate.kid === license.kid);
  expect(key, `a published key with kid ${license.kid}`).toBeTruthy();
  const publicKey = createPublicKey(key?.publicKeyPem ?? '');
  const signedBytes = Buffer.from(license.payload, 'base64url');
  const signature = Buffer.from(license.signature, 'base64url');
  expect(verify(null, signedBytes, publicKey, signature)).toBe(true);
  // The same check refuses a payload altered by one byte, so the assertion above can fail.
  const altered = Buffer.from(signedBytes);
  altered.writeUInt8(altered.readUInt8(altered.length - 2) ^ 1, altered.length - 2);
  expect(verify(null, altered, publicKey, signature)).toBe(false);
  const claims = JSON.parse(signedBytes.toString('utf8')) as { serialNumber: string; clientName: string };
  expect(claims).toMatchObject({ serialNumber, clientName: 'Northwind Studios' });

  // After revocation the same file no longer validates.
  await page.getByRole('button', { name: TEXTS.validateLicense }).click();
  const validate = dialog(page, VALIDATE_LICENSE_TEXTS.title);
  await validate.getByRole('textbox', { name: VALIDATE_LICENSE_TEXTS.license }).fill(fileText);
  await validate.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.validate }).click();
  const verdict = validate.getByRole('status', { name: VALIDATE_LICENSE_TEXTS.verdict });
  await expect(verdict).toContainText(VALIDATE_LICENSE_TEXTS.invalidTitle);
  await expect(verdict).toContainText(LICENSE_CHECK_TEXTS.REVOKED);
  await validate.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.close }).click();
  await expect(validate).toBeHidden();

  // Access Denied on /users, both buttons working.
  await navigateTo(page, 'Clients');
  await page.goto('/users');
  await expect(heading(page, ACCESS_DENIED_TEXTS.title)).toBeVisible();
  await page.getByRole('button', { name: ACCESS_DENIED_TEXTS.goBack }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await page.goto('/users');
  await page.getByRole('button', { name: ACCESS_DENIED_TEXTS.goToDashboard }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();
});

test('the certificate form refuses a valid-to date before the valid-from date and keeps the dialog open', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Eli Editor', 'editor');
  const client = await owner.createClient('Contoso Films');
  await owner.createCertificate(client, { serialNumber: 'CF-EXISTING-1' });

  await signIn(page, editor.email, TEST_PASSWORD);
  await navigateTo(page, 'Certificates');
  await expect(rowWith(page, TEXTS.tableLabel, 'CF-EXISTING-1')).toContainText('Contoso Films');
  await page.getByRole('button', { name: TEXTS.generate }).click();
  const form = dialog(page, TEXTS.form.createTitle);
  await form.getByRole('button', { name: TEXTS.form.create }).click();
  // Nothing chosen yet: the requirements' required-field texts.
  await expect(form.getByText(TEXTS.form.clientRequired)).toBeVisible();
  await expect(form.getByText('Serial number is required')).toBeVisible();
  await form.getByRole('button', { name: TEXTS.form.cancel }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(TEXTS.toasts.created)).toHaveCount(0);
});
