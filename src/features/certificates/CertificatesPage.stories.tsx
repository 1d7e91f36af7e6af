import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, spyOn, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS, type Certificate, type RoleName } from '../../contract';
import { ConsoleAt } from '../../../.storybook/ConsoleAt';
import { buttonsOf, type Canvas, type UserEvent } from '../../../.storybook/story-helpers';
import {
  activeCertificate,
  blueHarborClient,
  distributedCertificate,
  expiredCertificate,
  pendingCertificate,
  revokedCertificate,
} from '../../../mocks/fixtures/certificates';
import {
  activeClientsPicker,
  certificateFailures,
  certificateHandlers,
  certificatesNeverAnswer,
  createCertificateStore,
  recordsNeverAnswer,
} from '../../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';

const meta = {
  title: 'Certificates/Page',
  component: ConsoleAt,
  args: { path: '/certificates' },
  parameters: { layout: 'fullscreen', router: 'none', session: { signedInAs: 'editor' } },
  // A fresh list per story, so what one story creates or revokes never shows in another.
  beforeEach: ({ msw }) => {
    const store = createCertificateStore();
    msw.use(
      activeClientsPicker(),
      ...certificateHandlers(store),
      ...dashboardHandlers({ certificates: store.certificates }),
    );
  },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (canvas: Canvas) => within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
const row = async (canvas: Canvas, serialNumber: string) =>
  within((await table(canvas)).getByRole('row', { name: new RegExp(`^${serialNumber}\\b`) }));
const findRow = async (canvas: Canvas, serialNumber: string) => {
  const grid = await table(canvas);
  return within(await grid.findByRole('row', { name: new RegExp(`^${serialNumber}\\b`) }));
};
const serialsShown = async (canvas: Canvas) =>
  (await table(canvas)).queryAllByRole('rowheader').map((header) => header.textContent);

const expectToast = async (title: string, description?: string) => {
  const toast = await screen.findByText(title);
  await expect(toast).toBeVisible();
  if (description) await expect(screen.getByText(description)).toBeVisible();
};

const press = async (canvas: Canvas, userEvent: UserEvent, serialNumber: string, action: string) =>
  userEvent.click((await findRow(canvas, serialNumber)).getByRole('button', { name: action }));

// ---------------------------------------------------------------- screen states

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificatesNeverAnswer()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: TEXTS.title })).toBeVisible();
    await expect(await canvas.findByText(TEXTS.loading)).toBeVisible();
  },
};

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: TEXTS.title })).toBeVisible();
    await findRow(canvas, pendingCertificate.serialNumber);
    const grid = await table(canvas);
    await expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Serial Number',
      'Client',
      'License Details',
      'Validity Period',
      'Status',
      'Last Used',
      'Actions',
    ]);
    const pending = await row(canvas, pendingCertificate.serialNumber);
    await expect(pending.getByText('Acme Animation')).toBeVisible();
    await expect(pending.getByText('2 studios, 10 users')).toBeVisible();
    await expect(pending.getByText('PENDING')).toBeVisible();
    await expect(pending.getByText(TEXTS.never)).toBeVisible();
    // The six counters, from the ten rows of this page.
    const counters = within(canvas.getByLabelText(TEXTS.summaryLabel));
    const counted = counters
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    await expect(counted).toEqual([
      'Total 10',
      'Active 3',
      'Pending 2',
      'Expired 1',
      'Revoked 2',
      'Distributed 2',
    ]);
    await expect(canvas.getByText('Showing 1 to 10 of 13 certificates')).toBeVisible();
    await expect(canvas.getByRole('button', { name: TEXTS.generate })).toBeVisible();
    await expect(canvas.getByRole('button', { name: TEXTS.exportCsv })).toBeVisible();
    await expect(canvas.getByRole('button', { name: TEXTS.validateLicence })).toBeVisible();
  },
};

export const Empty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...certificateHandlers(createCertificateStore([]))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TEXTS.empty)).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: TEXTS.paginationLabel })).not.toBeInTheDocument();
  },
};

export const EmptyWithFilters: Story = {
  args: { path: '/certificates?search=no-such-serial' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TEXTS.emptyFiltered)).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: TEXTS.searchLabel })).toHaveValue('no-such-serial');
  },
};

export const ErrorBanner: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificateFailures.list('Database is unavailable')),
  play: async ({ canvas }) => {
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent('Database is unavailable');
  },
};

export const ErrorBannerFallbackText: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.listWithoutMessage()),
  play: async ({ canvas }) => {
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent('Failed to fetch certificates');
  },
};

// ---------------------------------------------------------------- row actions by role

const ACTIONS_BY_ROLE: Record<
  RoleName,
  Record<'pending' | 'active' | 'distributed' | 'expired' | 'revoked', string[]>
> = {
  owner: {
    pending: ['Edit', 'Activate', 'Delete', 'History'],
    active: ['Download', 'Revoke', 'History'],
    distributed: ['Download', 'Revoke', 'History'],
    expired: ['History'],
    revoked: ['History'],
  },
  admin: {
    pending: ['Edit', 'Activate', 'Delete', 'History'],
    active: ['Download', 'Revoke', 'History'],
    distributed: ['Download', 'Revoke', 'History'],
    expired: ['History'],
    revoked: ['History'],
  },
  editor: {
    pending: ['Edit', 'Activate', 'History'],
    active: ['Download', 'Revoke', 'History'],
    distributed: ['Download', 'Revoke', 'History'],
    expired: ['History'],
    revoked: ['History'],
  },
  viewer: {
    pending: ['History'],
    active: ['History'],
    distributed: ['History'],
    expired: ['History'],
    revoked: ['History'],
  },
};

const EXAMPLES: Record<keyof (typeof ACTIONS_BY_ROLE)['owner'], Certificate> = {
  pending: pendingCertificate,
  active: activeCertificate,
  distributed: distributedCertificate,
  expired: expiredCertificate,
  revoked: revokedCertificate,
};

const actionsFor = (role: RoleName): Story => ({
  tags: ['visual'],
  parameters: { session: { signedInAs: role } },
  play: async ({ canvas }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    for (const [status, certificate] of Object.entries(EXAMPLES) as [keyof typeof EXAMPLES, Certificate][]) {
      await expect({ status, actions: buttonsOf(await row(canvas, certificate.serialNumber)) }).toEqual({
        status,
        actions: ACTIONS_BY_ROLE[role][status],
      });
    }
    const generate = canvas.queryByRole('button', { name: TEXTS.generate });
    if (role === 'viewer') await expect(generate).not.toBeInTheDocument();
    else await expect(generate).toBeVisible();
  },
});

export const OwnerActions = actionsFor('owner');
export const AdminActions = actionsFor('admin');
export const EditorActions = actionsFor('editor');
export const ViewerActions = actionsFor('viewer');

// ---------------------------------------------------------------- search, filter, paging, URL

export const SearchFilterAndPage: Story = {
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    // Page 2 holds the last three.
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1011', 'SN-1012', 'SN-1013']));
    await expect(canvas.getByText('Showing 11 to 13 of 13 certificates')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(10));

    // A search starts again at page 1 and matches serial numbers and client names.
    await userEvent.type(canvas.getByRole('searchbox', { name: TEXTS.searchLabel }), 'cobalt');
    await waitFor(async () =>
      expect(await serialsShown(canvas)).toEqual(['SN-1004', 'SN-1007', 'SN-1009', 'SN-1012']),
    );

    // The status select narrows it further.
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1007']));
  },
};

export const StatusFromTheAddress: Story = {
  // The dashboard links here with a status; the list and the select follow it.
  args: { path: '/certificates?status=expired' },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1004', 'SN-1011']));
    await expect(canvas.getByRole('button', { name: /Status/ })).toHaveTextContent('Expired');
  },
};

export const ClientFromTheAddress: Story = {
  args: { path: `/certificates?clientId=${blueHarborClient.uuid}` },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1003', 'SN-1006', 'SN-1010']));
    await expect(canvas.getByText(TEXTS.clientFilter(blueHarborClient.name))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.clearClientFilter }));
    await waitFor(async () => expect(await serialsShown(canvas)).toHaveLength(10));
  },
};

// ---------------------------------------------------------------- create and edit

const openCreate = async (canvas: Canvas, userEvent: UserEvent) => {
  await findRow(canvas, pendingCertificate.serialNumber);
  await userEvent.click(canvas.getByRole('button', { name: TEXTS.generate }));
  return within(await screen.findByRole('dialog', { name: TEXTS.form.createTitle }));
};

const hiddenValue = (name: string) =>
  (document.querySelector(`input[name="${name}"]`) as HTMLInputElement | null)?.value;

export const CreateFormDefaults: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.studioCount })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.userCount })).toHaveValue('1');
    // Valid from today (the fixed clock: 15 January 2025) to one year later.
    await expect(hiddenValue('validFrom')).toBe('2025-01-15');
    await expect(hiddenValue('validTo')).toBe('2026-01-15');
    await expect(dialog.getByRole('combobox', { name: TEXTS.form.client })).toHaveValue('');
  },
};

export const CreateValidationErrors: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.studioCount }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.userCount }));
    // Valid To a year before Valid From.
    const validTo = within(dialog.getByRole('group', { name: TEXTS.form.validTo }));
    const segments = validTo.getAllByRole('spinbutton');
    await userEvent.click(segments[segments.length - 1] as HTMLElement);
    await userEvent.keyboard('2024');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await expect(await dialog.findByText('Client is required')).toBeVisible();
    await expect(dialog.getByText('Serial number is required')).toBeVisible();
    await expect(dialog.getByText('Studio count must be at least 1')).toBeVisible();
    await expect(dialog.getByText('User count must be at least 1')).toBeVisible();
    await expect(dialog.getByText('Valid to date must be after valid from date')).toBeVisible();
  },
};

export const CreateCertificate: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    const client = dialog.getByRole('combobox', { name: TEXTS.form.client });
    await userEvent.click(client);
    // Only active clients are offered.
    // The list opens before the clients arrive ('No active clients found' meanwhile): wait for them.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Acme Animation', 'Blue Harbor Films', 'Cobalt Post']),
    );
    await userEvent.type(client, 'blue');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    await userEvent.click(screen.getByRole('option', { name: 'Blue Harbor Films' }));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }), 'SN-NEW-1');
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.notes }), '  spare workstation  ');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await expectToast(TEXTS.toasts.created, TEXTS.toasts.createdDescription('SN-NEW-1'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: TEXTS.form.createTitle })).not.toBeInTheDocument(),
    );
    const created = await findRow(canvas, 'SN-NEW-1');
    await expect(created.getByText('Blue Harbor Films')).toBeVisible();
    await expect(created.getByText('PENDING')).toBeVisible();
  },
};

export const CreateRefusedByTheServer: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(
      certificateFailures.createWithFieldErrors({
        serialNumber: 'Serial number SN-1002 already has a active certificate',
      }),
    ),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.click(dialog.getByRole('combobox', { name: TEXTS.form.client }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Animation' }));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }), 'SN-1002');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await expect(
      await dialog.findByText('Serial number SN-1002 already has a active certificate'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectToast(TEXTS.toasts.saveFailed);
  },
};

export const EditCertificate: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.edit);
    const dialog = within(await screen.findByRole('dialog', { name: TEXTS.form.editTitle }));
    // The client of a certificate never changes.
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toHaveValue(
      pendingCertificate.clientName,
    );
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber })).toHaveValue(
      pendingCertificate.serialNumber,
    );
    const users = dialog.getByRole('textbox', { name: TEXTS.form.userCount });
    await userEvent.clear(users);
    await userEvent.type(users, '40');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.save }));
    await expectToast(TEXTS.toasts.updated, TEXTS.toasts.updatedDescription(pendingCertificate.serialNumber));
    await expect(
      await (await findRow(canvas, pendingCertificate.serialNumber)).findByText('2 studios, 40 users'),
    ).toBeVisible();
  },
};

export const EditValidationErrors: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.edit);
    const dialog = within(await screen.findByRole('dialog', { name: TEXTS.form.editTitle }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.studioCount }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.save }));
    await expect(await dialog.findByText('Serial number is required')).toBeVisible();
    await expect(dialog.getByText('Studio count must be at least 1')).toBeVisible();
    // Nothing was sent: the dialog stays open with the certificate's own client.
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toHaveValue(
      pendingCertificate.clientName,
    );
  },
};

// ---------------------------------------------------------------- lifecycle

export const Activate: Story = {
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(TEXTS.toasts.activated, 'Token generated successfully!');
    const activated = await findRow(canvas, pendingCertificate.serialNumber);
    await expect(await activated.findByText('ACTIVE')).toBeVisible();
    await expect(buttonsOf(activated)).toEqual(['Download', 'Revoke', 'History']);
  },
};

export const ActivationFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      certificateFailures.activate(
        'Cannot activate a certificate whose valid to date has passed; edit its dates first',
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(
      TEXTS.toasts.activationFailed,
      'Cannot activate a certificate whose valid to date has passed; edit its dates first',
    );
  },
};

/** Catches the `<a download>` the console clicks, instead of letting the browser save a file. */
function catchDownloads() {
  const saved: { fileName: string; href: string }[] = [];
  const spy = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push({ fileName: this.download, href: this.href });
  });
  return { saved, restore: () => spy.mockRestore() };
}

export const Download: Story = {
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.download);
      await expectToast(TEXTS.toasts.downloaded, TEXTS.toasts.downloadedDescription);
      await expect(downloads.saved.map((file) => file.fileName)).toEqual([
        `license-${activeCertificate.serialNumber}.json`,
      ]);
      const body = JSON.parse(await (await fetch(downloads.saved[0]?.href ?? '')).text()) as {
        serialNumber: string;
        format: string;
      };
      await expect(body).toMatchObject({
        serialNumber: activeCertificate.serialNumber,
        format: 'license-certificate/v1',
      });
    } finally {
      downloads.restore();
    }
    // The list reloads: the server made it distributed.
    await expect(
      await (await findRow(canvas, activeCertificate.serialNumber)).findByText('DISTRIBUTED'),
    ).toBeVisible();
  },
};

export const DownloadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.download()),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.download);
    await expectToast(TEXTS.toasts.downloadFailed, 'Failed to download certificate');
  },
};

const openRevoke = async (canvas: Canvas, userEvent: UserEvent) => {
  await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.revoke);
  return within(await screen.findByRole('alertdialog', { name: TEXTS.revoke.title }));
};

export const RevokeDialogOpen: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await expect(dialog.getByText(TEXTS.revoke.message(activeCertificate.serialNumber))).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: TEXTS.revoke.reason })).toHaveValue('');
  },
};

export const Revoke: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.revoke.reason }), 'machine retired');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.revoke.confirm }));
    await expectToast(TEXTS.toasts.revoked, TEXTS.toasts.revokedDescription(activeCertificate.serialNumber));
    const revoked = await findRow(canvas, activeCertificate.serialNumber);
    await expect(await revoked.findByText('REVOKED')).toBeVisible();
    await expect(buttonsOf(revoked)).toEqual(['History']);
    // The reason is in its history.
    await userEvent.click(revoked.getByRole('button', { name: TEXTS.actions.history }));
    const history = within(
      await screen.findByRole('dialog', { name: TEXTS.history.title(activeCertificate.serialNumber) }),
    );
    await expect(await history.findByText('Revoked: machine retired')).toBeVisible();
  },
};

export const RevocationFailed: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.revoke('Cannot revoke a certificate that is expired')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRevoke(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.revoke.confirm }));
    await expectToast(TEXTS.toasts.revocationFailed, 'Cannot revoke a certificate that is expired');
    // The dialog stays for another try.
    await expect(screen.getByRole('alertdialog', { name: TEXTS.revoke.title })).toBeVisible();
  },
};

export const Delete: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    const dialog = within(await screen.findByRole('alertdialog', { name: TEXTS.delete.title }));
    await expect(
      dialog.getByText('Are you sure you want to delete this certificate? This action cannot be undone.'),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.delete.confirm }));
    await expectToast(TEXTS.toasts.deleted, TEXTS.toasts.deletedDescription(pendingCertificate.serialNumber));
    await waitFor(async () =>
      expect(await serialsShown(canvas)).not.toContain(pendingCertificate.serialNumber),
    );
  },
};

export const DeleteDialogOpen: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    await expect(await screen.findByRole('alertdialog', { name: TEXTS.delete.title })).toBeVisible();
  },
};

export const DeleteFailed: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(certificateFailures.delete('Certificate not found')),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.delete);
    const dialog = within(await screen.findByRole('alertdialog', { name: TEXTS.delete.title }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.delete.confirm }));
    await expectToast(TEXTS.toasts.deleteFailed, 'Certificate not found');
  },
};

// ---------------------------------------------------------------- history

const openHistory = async (canvas: Canvas, userEvent: UserEvent, certificate: Certificate) => {
  await press(canvas, userEvent, certificate.serialNumber, TEXTS.actions.history);
  return within(await screen.findByRole('dialog', { name: TEXTS.history.title(certificate.serialNumber) }));
};

export const History: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, expiredCertificate);
    await expect(await dialog.findByText('Validity period ended')).toBeVisible();
    await expect(dialog.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Timestamp',
      'Action',
      'Description',
      'Performed By',
    ]);
    const rows = dialog.getAllByRole('row').slice(1);
    // Newest first; the expiry was nobody's doing.
    await expect(within(rows[0] as HTMLElement).getByText('expired')).toBeVisible();
    await expect(within(rows[0] as HTMLElement).getByText(TEXTS.history.system)).toBeVisible();
    await expect(within(rows[2] as HTMLElement).getByText('created')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.history.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const HistoryEmpty: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(http.get('/api/v1/certificates/:id/records', () => HttpResponse.json({ data: [] }))),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await expect(await dialog.findByText('No history records found for this certificate.')).toBeVisible();
  },
};

export const HistoryError: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(certificateFailures.records('Internal server error')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await expect(await dialog.findByText('Error loading history: Internal server error')).toBeVisible();
  },
};

export const HistoryLoading: Story = {
  beforeEach: ({ msw }) => msw.use(recordsNeverAnswer()),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openHistory(canvas, userEvent, pendingCertificate);
    await expect(await dialog.findByText(TEXTS.history.loading)).toBeVisible();
  },
};

// ---------------------------------------------------------------- export

export const ExportCsv: Story = {
  args: { path: '/certificates?status=revoked' },
  play: async ({ canvas, userEvent }) => {
    await waitFor(async () => expect(await serialsShown(canvas)).toEqual(['SN-1005', 'SN-1010']));
    const downloads = catchDownloads();
    try {
      await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
      await waitFor(() => expect(downloads.saved.map((file) => file.fileName)).toEqual(['certificates.csv']));
      const csv = await (await fetch(downloads.saved[0]?.href ?? '')).text();
      // Everything matching the filters: the header and both revoked certificates.
      const lines = csv.trim().split('\r\n');
      await expect(lines).toHaveLength(3);
      await expect(lines.slice(1).every((line) => line.includes(',revoked,'))).toBe(true);
    } finally {
      downloads.restore();
    }
  },
};

export const ExportFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('/api/v1/certificates/export', () =>
        HttpResponse.json({ message: 'Export is unavailable', code: 'INTERNAL' }, { status: 500 }),
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.exportCsv }));
    await expectToast(TEXTS.toasts.exportFailed, 'Export is unavailable');
  },
};

// ---------------------------------------------------------------- the dashboard follows changes made here

export const DashboardCountsFollowChanges: Story = {
  args: { path: '/' },
  play: async ({ canvas, userEvent }) => {
    const activeCard = async () => canvas.findByRole('link', { name: /Active Certs/ });
    await waitFor(async () => expect(await activeCard()).toHaveTextContent('Active Certs4'));
    await userEvent.click(canvas.getByRole('link', { name: 'Certificates' }));
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(TEXTS.toasts.activated);
    await userEvent.click(canvas.getByRole('link', { name: 'Dashboard' }));
    // The stats are cached for five minutes, but not past a change made in this console.
    await waitFor(async () => expect(await activeCard()).toHaveTextContent('Active Certs5'));
  },
};
