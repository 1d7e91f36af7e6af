// The owner's journey: staff accounts of every role, disabling and enabling one, and what a disabled account meets.
import { MESSAGES, USERS_TEXTS, USERS_TOASTS } from '../../src/contract';
import { TEST_PASSWORD } from './api';
import { dialog, expectToast, navigateTo, rowWith, SIGN_IN_URL } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

const { owner } = E2E_ACCOUNTS;

const STAFF = [
  { name: 'Ada Admin', email: 'ada.admin@e2e.test', role: 'ADMIN' },
  { name: 'Eddie Editor', email: 'eddie.editor@e2e.test', role: 'EDITOR' },
  { name: 'Vera Viewer', email: 'vera.viewer@e2e.test', role: 'VIEWER' },
] as const;

test('the owner creates an admin, an editor and a viewer, disables and re-enables one; a disabled account cannot sign in and a signed-in one is sent to /login', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, owner.email, owner.password);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await navigateTo(page, 'Users');

  for (const member of STAFF) {
    await page.getByRole('button', { name: USERS_TEXTS.addUser }).click();
    const form = dialog(page, USERS_TEXTS.addTitle);
    await form.getByRole('textbox', { name: USERS_TEXTS.nameLabel }).fill(member.name);
    await form.getByRole('textbox', { name: USERS_TEXTS.emailLabel }).fill(member.email);
    await form.getByLabel(USERS_TEXTS.passwordLabel, { exact: true }).fill(TEST_PASSWORD);
    // The owner role is never offered (docs/requirements.md#entities).
    await form.getByRole('button', { name: new RegExp(USERS_TEXTS.roleLabel) }).click();
    await expect(page.getByRole('option', { name: 'OWNER', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: member.role, exact: true }).click();
    await form.getByRole('button', { name: USERS_TEXTS.createSubmit }).click();
    await expectToast(page, USERS_TOASTS.created.title, USERS_TOASTS.created.description(member.name));
    await expect(form).toBeHidden();
    const row = rowWith(page, USERS_TEXTS.tableLabel, member.email);
    await expect(row).toContainText(member.name);
    await expect(row).toContainText(member.role);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');
  }

  // The editor signs in elsewhere before being disabled.
  const editor = STAFF[1];
  const elsewhere = await browser.newContext({ baseURL });
  const editorPage = await elsewhere.newPage();
  await signIn(editorPage, editor.email, TEST_PASSWORD);
  await expect(heading(editorPage, 'Dashboard')).toBeVisible();

  const editorRow = rowWith(page, USERS_TEXTS.tableLabel, editor.email);
  await editorRow.getByRole('button', { name: USERS_TEXTS.disable }).click();
  await expectToast(
    page,
    USERS_TOASTS.statusUpdated.title,
    USERS_TOASTS.statusUpdated.description(editor.name, false),
  );
  await expect(editorRow).toContainText('Inactive');
  await expect(editorRow.getByRole('button', { name: USERS_TEXTS.enable })).toBeVisible();

  // The signed-in editor's next action sends them to the sign-in screen.
  await editorPage.getByRole('navigation').getByRole('link', { name: 'Certificates' }).click();
  await expect(editorPage).toHaveURL(SIGN_IN_URL);
  await expect(heading(editorPage, 'Sign In')).toBeVisible();
  // And signing in again is refused with the requirements' text.
  await signIn(editorPage, editor.email, TEST_PASSWORD);
  await expect(editorPage.getByRole('alert')).toHaveText(MESSAGES.accountDisabled);

  await editorRow.getByRole('button', { name: USERS_TEXTS.enable }).click();
  await expectToast(
    page,
    USERS_TOASTS.statusUpdated.title,
    USERS_TOASTS.statusUpdated.description(editor.name, true),
  );
  await expect(editorRow).toContainText('Active');

  await signIn(editorPage, editor.email, TEST_PASSWORD);
  await expect(heading(editorPage, 'Dashboard')).toBeVisible();
  await elsewhere.close();

  // One's own account cannot be disabled or deleted from the list.
  const ownerRow = rowWith(page, USERS_TEXTS.tableLabel, owner.email);
  await expect(ownerRow).toContainText('OWNER');
  await expect(ownerRow.getByRole('button', { name: USERS_TEXTS.disable })).toHaveCount(0);
  await expect(ownerRow.getByRole('button', { name: USERS_TEXTS.delete })).toHaveCount(0);
});
