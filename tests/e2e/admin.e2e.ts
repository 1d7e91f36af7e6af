// The admin's journey: a client, its users, the refused delete, and owners out of reach.
import { CLIENT_MESSAGES, CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS, USERS_TEXTS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { dialog, expectToast, navigateTo, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { E2E_ACCOUNTS } from './server-log';

test('the admin creates a client, assigns two users, sees it in a user’s Clients, cannot delete it while it has live certificates, and cannot touch an owner', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const admin = await owner.createUser('Alma Admin', 'admin');
  const editor = await owner.createUser('Enzo Editor', 'editor');
  const viewer = await owner.createUser('Vik Viewer', 'viewer');

  await signIn(page, admin.email, TEST_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await navigateTo(page, 'Clients');

  // Create the client.
  await page.getByRole('button', { name: CLIENTS_TEXTS.addClient }).click();
  const form = dialog(page, CLIENTS_TEXTS.addTitle);
  await form.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }).fill('Fabrikam Animation');
  await form.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel }).fill('not-an-email');
  await form.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel }).fill('studio@fabrikam.test');
  // Active is offered only when editing (docs/requirements.md#screens).
  await expect(form.getByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel })).toHaveCount(0);
  await form.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }).click();
  await expectToast(
    page,
    CLIENTS_TOASTS.created.title,
    CLIENTS_TOASTS.created.description('Fabrikam Animation'),
  );
  await expect(form).toBeHidden();
  const clientRow = rowWith(page, CLIENTS_TEXTS.tableLabel, 'Fabrikam Animation');
  await expect(clientRow).toContainText('studio@fabrikam.test');
  await expect(clientRow).toContainText(LIST_TEXTS.notProvided);

  // Assign two users.
  await clientRow.getByRole('button', { name: CLIENTS_TEXTS.users, exact: true }).click();
  const assign = dialog(page, CLIENTS_TEXTS.assignTitle('Fabrikam Animation'));
  // react-aria checkboxes: the label is what a pointer presses (the input itself is visually hidden).
  const pick = async (name: string) => {
    await assign.getByText(name, { exact: true }).click();
    await expect(assign.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  };
  await pick(editor.name);
  await pick(viewer.name);
  const selected = assign.getByRole('list', { name: new RegExp(CLIENTS_TEXTS.selectedUsers) });
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  // Remove one and put it back, through the Selected Users list.
  await selected.getByRole('button', { name: CLIENTS_TEXTS.removeLabel(viewer.name) }).click();
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect(assign.getByRole('checkbox', { name: new RegExp(viewer.name) })).not.toBeChecked();
  await pick(viewer.name);
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  await assign.getByRole('button', { name: CLIENTS_TEXTS.assignSubmit }).click();
  await expectToast(
    page,
    CLIENTS_TOASTS.usersAssigned.title,
    CLIENTS_TOASTS.usersAssigned.description('Fabrikam Animation'),
  );
  await expect(assign).toBeHidden();

  // The client shows in the editor's Clients modal.
  await navigateTo(page, 'Users');
  await rowWith(page, USERS_TEXTS.tableLabel, editor.email)
    .getByRole('button', { name: USERS_TEXTS.clients, exact: true })
    .click();
  const clientsOfEditor = dialog(page, USERS_TEXTS.clientsTitle(editor.name));
  await expect(clientsOfEditor.getByRole('row').filter({ hasText: 'Fabrikam Animation' })).toBeVisible();
  await expect(clientsOfEditor.getByRole('row').filter({ hasText: 'Fabrikam Animation' })).toContainText(
    'studio@fabrikam.test',
  );
  await clientsOfEditor.getByRole('button', { name: /close/i }).first().click();
  await expect(clientsOfEditor).toBeHidden();

  // An owner's row offers no edit, disable or delete to an admin.
  const ownerRow = rowWith(page, USERS_TEXTS.tableLabel, E2E_ACCOUNTS.owner.email);
  await expect(ownerRow).toContainText('OWNER');
  for (const action of [USERS_TEXTS.edit, USERS_TEXTS.disable, USERS_TEXTS.enable, USERS_TEXTS.delete]) {
    await expect(ownerRow.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  // While other rows do offer them (so the check above can fail).
  await expect(
    rowWith(page, USERS_TEXTS.tableLabel, viewer.email).getByRole('button', {
      name: USERS_TEXTS.edit,
      exact: true,
    }),
  ).toBeVisible();

  // A live certificate keeps the client from being deleted: the question names the client and, before anyone
  // confirms, says why it cannot be deleted (the server's rule, read from the client).
  const clients = await owner.call('GET', '/clients?search=Fabrikam');
  const clientId = (clients.body as { clients: { uuid: string }[] }).clients[0]?.uuid ?? '';
  await owner.createCertificate({ uuid: clientId }, { serialNumber: 'FAB-LIVE-1' });
  // A fresh read of the list (the one kept from before predates the certificate).
  await navigateTo(page, 'Clients');
  await page.reload();
  await clientRow.getByRole('button', { name: CLIENTS_TEXTS.delete, exact: true }).click();
  const refusal = dialog(page, CLIENTS_TEXTS.deleteTitle('Fabrikam Animation'));
  await expect(refusal).toContainText(CLIENT_MESSAGES.hasLiveCertificates);
  await expect(refusal.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await refusal.getByRole('button', { name: LIST_TEXTS.close, exact: true }).click();
  await expect(refusal).toBeHidden();
  await expect(clientRow).toBeVisible();
});
