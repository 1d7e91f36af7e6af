import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CERTIFICATES_TEXTS,
  CLIENTS_TEXTS,
  LIST_TEXTS,
  NOT_FOUND_TEXTS,
  PRODUCT_TITLE,
} from '../../contract';
import { consoleAtMeta, type ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  expectFitsThePhone,
  pageLoadFailsOnce,
  pageLoading,
  type Canvas,
  visible,
} from '../../../.storybook/story-helpers';
import { mockUsers } from '../../../mocks/fixtures';
import { acmeClient, createMockCertificates, mockClients } from '../../../mocks/fixtures/certificates';
import { createDirectoryData } from '../../../mocks/fixtures/users-clients';
import { certificateHandlers, createCertificateStore } from '../../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import { directoryHandlers } from '../../../mocks/handlers/directory';
import { clientPath, userPath } from '../../lib/routing/entity-paths';

// A client's own page, /clients/{id}, in the whole console: its details, its certificates (the
// certificates screen for the client), its users and its activity, in each state the server can put it in.
const meta = {
  title: 'Clients/Client page',
  ...consoleAtMeta(clientPath(acmeClient.uuid), 'admin'),
  // Fresh data per story; the directory holds the certificates' clients so every part tells of the same company.
  beforeEach: ({ msw }) => {
    const clients = mockClients.map((client) => ({ ...client }));
    const store = createCertificateStore(createMockCertificates());
    msw.use(
      ...dashboardHandlers(),
      ...directoryHandlers(createDirectoryData({ clients })),
      ...certificateHandlers(store),
    );
  },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const T = CLIENTS_TEXTS.detail;
const ACME_SERIALS = createMockCertificates()
  .filter((certificate) => certificate.clientId === acmeClient.uuid)
  .map((certificate) => certificate.serialNumber);

const heading = (canvas: Canvas, name: string) =>
  visible(() => canvas.getByRole('heading', { level: 1, name }));
const region = (canvas: Canvas, name: string) => within(canvas.getByRole('region', { name }));
/** The serial numbers the client's certificates table shows, once it shows `count`. */
const serialsShown = async (canvas: Canvas, count: number) => {
  const table = within(await canvas.findByRole('grid', { name: CERTIFICATES_TEXTS.tableLabel }));
  await waitFor(() => expect(table.getAllByRole('rowheader')).toHaveLength(count));
  return table.getAllByRole('rowheader').map((cell) => cell.textContent);
};

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await heading(canvas, acmeClient.name);
    await waitFor(() => expect(document.title).toBe(`${acmeClient.name} · Clients · ${PRODUCT_TITLE}`));
    const details = region(canvas, T.detailsHeading);
    await visible(() => details.getByText(acmeClient.contactEmail));
    await visible(() => details.getByText(LIST_TEXTS.active));
    // Whether its contact gets the expiry reminders.
    await visible(() => details.getByText(T.remindersOff));
    // Its certificates only: the certificates screen for this client.
    const serials = await serialsShown(canvas, ACME_SERIALS.length);
    await expect([...serials].sort()).toEqual([...ACME_SERIALS].sort());
    // Its users, each linking to their page for an admin, with their e-mail addresses and roles.
    const users = region(canvas, T.usersHeading);
    await expect(await users.findByRole('link', { name: mockUsers.editor.name })).toHaveAttribute(
      'href',
      userPath(mockUsers.editor.uuid),
    );
    await visible(() => users.getByText(mockUsers.editor.email));
    await visible(() => users.getByText('EDITOR'));
    // Its activity: what happened to the client and its certificates.
    const activity = region(canvas, T.activityHeading);
    await visible(() => activity.getByRole('grid', { name: T.activityLabel(acmeClient.name) }));
    await visible(() => activity.getByText(`Updated client ${acmeClient.name}: contact email`));
  },
};

export const Phone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await heading(canvas, acmeClient.name);
    await serialsShown(canvas, ACME_SERIALS.length);
    await expectFitsThePhone();
  },
};

export const Loading: Story = pageLoading('/clients/:id', T.loading);

/** An id the server does not know (or a deleted client): the console's Not Found page. */
export const NotFound: Story = {
  args: { path: clientPath('20000000-0000-4000-8000-999999999999') },
  play: async ({ canvas }) => {
    await heading(canvas, NOT_FOUND_TEXTS.title);
  },
};

/** A failed load: one banner with the server's message and Retry, which loads again. */
export const LoadFailed: Story = pageLoadFailsOnce('/clients/:id', async (canvas) =>
  heading(canvas, acmeClient.name),
);

/** The users panel as editors and viewers read it: names and the inactive mark, no e-mail address or role. */
const expectNamesOnly = async (canvas: Canvas) => {
  const users = region(canvas, T.usersHeading);
  await visible(() => users.getByText(mockUsers.editor.name));
  await visible(() => users.getByText(mockUsers.admin.name));
  const panel = canvas.getByRole('region', { name: T.usersHeading });
  for (const shown of [mockUsers.editor.email, mockUsers.admin.email, 'EDITOR', 'ADMIN'])
    await expect(panel).not.toHaveTextContent(shown);
  await expect(users.queryByRole('link')).toBeNull();
};

/**
 * A viewer reads everything, changes nothing, and sees users' names without links to their pages, and without their
 * e-mail addresses and roles, which the server keeps for the roles that manage users.
 */
export const ForAViewer: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await heading(canvas, acmeClient.name);
    await expect(canvas.queryByRole('button', { name: CLIENTS_TEXTS.edit })).toBeNull();
    await expect(canvas.queryByRole('button', { name: CLIENTS_TEXTS.delete })).toBeNull();
    await expect(canvas.queryByRole('button', { name: CERTIFICATES_TEXTS.generate })).toBeNull();
    await expectNamesOnly(canvas);
  },
};

/** An editor edits the client but assigns nobody, and reads its users as a viewer does: names only. */
export const ForAnEditor: Story = {
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    await heading(canvas, acmeClient.name);
    await visible(() => canvas.getByRole('button', { name: CLIENTS_TEXTS.edit }));
    await expect(canvas.queryByRole('button', { name: CLIENTS_TEXTS.users })).toBeNull();
    await expectNamesOnly(canvas);
  },
};

/** The client's certificates filter as on the certificates screen, the filter in the page's address. */
export const FilterItsCertificates: Story = {
  play: async ({ canvas, userEvent }) => {
    await serialsShown(canvas, ACME_SERIALS.length);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(CERTIFICATES_TEXTS.statusLabel) }));
    await userEvent.click(
      await screen.findByRole('option', { name: CERTIFICATES_TEXTS.statusOptions.pending }),
    );
    const pending = createMockCertificates().filter(
      (certificate) => certificate.clientId === acmeClient.uuid && certificate.status === 'pending',
    );
    await expect(await serialsShown(canvas, pending.length)).toEqual(pending.map((c) => c.serialNumber));
  },
};

/** A client with live certificates cannot be deleted: the dialog says why instead of asking. */
export const DeleteRefused: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await heading(canvas, acmeClient.name);
    await userEvent.click(canvas.getByRole('button', { name: CLIENTS_TEXTS.delete }));
    const dialog = await screen.findByRole('alertdialog', {
      name: CLIENTS_TEXTS.deleteTitle(acmeClient.name),
    });
    await expect(dialog).toHaveTextContent(acmeClient.deleteRefusal ?? '');
    await expect(within(dialog).queryByRole('button', { name: LIST_TEXTS.delete })).toBeNull();
  },
};

/** New certificates made on the page start with the client chosen. */
export const GenerateForTheClient: Story = {
  play: async ({ canvas, userEvent }) => {
    await heading(canvas, acmeClient.name);
    await userEvent.click(canvas.getByRole('button', { name: CERTIFICATES_TEXTS.generate }));
    const form = within(await screen.findByRole('dialog', { name: CERTIFICATES_TEXTS.form.createTitle }));
    await expect(
      form.getByRole('combobox', { name: new RegExp(CERTIFICATES_TEXTS.form.client) }),
    ).toHaveValue(acmeClient.name);
  },
};

/** The clients list's names open the client's page. */
export const OpenedFromTheList: Story = {
  args: { path: '/clients' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: acmeClient.name }));
    await heading(canvas, acmeClient.name);
  },
};
