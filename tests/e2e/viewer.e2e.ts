// The viewer reads everything and changes nothing, on screen or through the API.
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS, MESSAGES, ROLE_IDS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { navigateTo, rowWith } from './console';
import { expect, heading, signIn, test } from './fixtures';

const MUTATING = [
  CERTIFICATES_TEXTS.generate,
  CERTIFICATES_TEXTS.actions.edit,
  CERTIFICATES_TEXTS.actions.activate,
  CERTIFICATES_TEXTS.actions.revoke,
  CERTIFICATES_TEXTS.actions.delete,
  CERTIFICATES_TEXTS.actions.download,
  CLIENTS_TEXTS.addClient,
  CLIENTS_TEXTS.edit,
  CLIENTS_TEXTS.users,
  CLIENTS_TEXTS.delete,
  'Add New User',
  'Disable',
  'Enable',
];

test('the viewer sees dashboard, clients and certificates with no mutating action anywhere, and the API refuses a viewer’s changes', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const viewerUser = await owner.createUser('Val Viewer', 'viewer');
  const client = await owner.createClient('Tailspin Pictures');
  const pending = await owner.createCertificate(client, { serialNumber: 'TS-PENDING-1' });
  const active = await owner.createCertificate(client, { serialNumber: 'TS-ACTIVE-1' });
  await owner.activate(active);
  const distributed = await owner.createCertificate(client, { serialNumber: 'TS-DIST-1' });
  await owner.activate(distributed);
  await owner.download(distributed);

  await signIn(page, viewerUser.email, TEST_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: /Active Certs\s*1/ })).toBeVisible();
  const expectNoMutatingAction = async (where: string) => {
    for (const name of MUTATING) {
      await expect(page.getByRole('button', { name, exact: true }), `'${name}' on ${where}`).toHaveCount(0);
    }
  };
  await expectNoMutatingAction('the dashboard');

  await navigateTo(page, 'Clients');
  await expect(rowWith(page, CLIENTS_TEXTS.tableLabel, 'Tailspin Pictures')).toBeVisible();
  await expectNoMutatingAction('the clients list');

  await navigateTo(page, 'Certificates');
  for (const serial of ['TS-PENDING-1', 'TS-ACTIVE-1', 'TS-DIST-1']) {
    const row = rowWith(page, CERTIFICATES_TEXTS.tableLabel, serial);
    await expect(row).toBeVisible();
    // History is the one action a viewer has.
    await expect(row.getByRole('button')).toHaveText([CERTIFICATES_TEXTS.actions.history]);
  }
  await expectNoMutatingAction('the certificates list');

  // Straight to the API with the viewer's own token: every change is refused with 403.
  const viewer = await Api.signIn(request, viewerUser.email, TEST_PASSWORD);
  const attempts = [
    viewer.call('POST', '/clients', { name: 'Sneaky Client' }),
    viewer.call('PUT', `/clients/${client.uuid}`, { name: 'Renamed' }),
    viewer.call('DELETE', `/clients/${client.uuid}`),
    viewer.call('POST', '/certificates', {
      clientId: client.uuid,
      serialNumber: 'SNEAKY-1',
      studioCount: 1,
      userCount: 1,
      validFrom: Date.now(),
      validTo: Date.now() + 86_400_000,
    }),
    viewer.call('POST', `/certificates/${pending.uuid}/activate`),
    viewer.call('POST', `/certificates/${active.uuid}/revoke`, { reason: 'no' }),
    viewer.call('POST', `/certificates/${active.uuid}/download`),
    viewer.call('DELETE', `/certificates/${pending.uuid}`),
    viewer.call('POST', '/users', {
      name: 'Sneaky',
      email: 'sneaky@e2e.test',
      password: TEST_PASSWORD,
      roleId: ROLE_IDS.admin,
    }),
  ];
  for (const { status, body } of await Promise.all(attempts)) {
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
  }
  // Nothing changed: the list still holds exactly what the owner made, in the same states.
  const list = await owner.call('GET', '/certificates?limit=100');
  const certificates = (list.body as { data: { certificates: { serialNumber: string; status: string }[] } })
    .data.certificates;
  expect(Object.fromEntries(certificates.map((c) => [c.serialNumber, c.status]))).toEqual({
    'TS-PENDING-1': 'pending',
    'TS-ACTIVE-1': 'active',
    'TS-DIST-1': 'distributed',
  });
});
