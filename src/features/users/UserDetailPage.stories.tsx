import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  ACTIVITY_TEXTS,
  LIST_TEXTS,
  MESSAGES,
  NOT_FOUND_TEXTS,
  PRODUCT_TITLE,
  USER_SESSIONS_TEXTS,
  USERS_TEXTS as TEXTS,
  USERS_TOASTS,
  type Activity,
} from '../../contract';
import { consoleAtMeta, type ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  apiPath,
  expectFitsThePhone,
  failsOnce,
  headerTexts,
  pageLoading,
  pointerAway,
  toastWith,
  type Canvas,
  UNAVAILABLE,
  visible,
} from '../../../.storybook/story-helpers';
import { FIXED_NOW, mockUsers } from '../../../mocks/fixtures';
import { certificateUuid } from '../../../mocks/fixtures/certificates';
import { createDirectoryData } from '../../../mocks/fixtures/users-clients';
import { certificateHandlers, createCertificateStore } from '../../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import { directoryHandlers } from '../../../mocks/handlers/directory';
import { certificatePath, clientPath, userPath } from '../../lib/routing/entity-paths';

// A staff user's own page, /users/{id}, in the whole console as an owner sees it: each state the server
// can put it in, and what can be done there.
const meta = {
  title: 'Users/User page',
  ...consoleAtMeta(userPath(mockUsers.editor.uuid), 'owner'),
  // Fresh data per story: what one story disables or deletes never shows in another.
  beforeEach: ({ msw }) => {
    msw.use(
      ...dashboardHandlers(),
      ...directoryHandlers(createDirectoryData()),
      ...certificateHandlers(createCertificateStore()),
    );
  },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const editor = mockUsers.editor;
/** Edith Editor's clients in the directory fixtures (mocks/fixtures/users-clients.ts), by name. */
const EDITOR_CLIENTS = ['Acme Studios', 'Blue Harbor Media', 'Dune Animation'];
const ACME_STUDIOS_ID = '30000000-0000-4000-8000-000000000001';

const heading = (canvas: Canvas, name: string) =>
  visible(() => canvas.getByRole('heading', { level: 1, name }));
const section = (canvas: Canvas, name: string) => within(canvas.getByRole('region', { name }));
const clientsTable = async (canvas: Canvas) =>
  within(await canvas.findByRole('grid', { name: TEXTS.clientsTitle(editor.name) }));
const activityTable = async (canvas: Canvas) =>
  within(await canvas.findByRole('grid', { name: ACTIVITY_TEXTS.feed.tableLabel }));
/** The descriptions the activity feed shows, in order, once it shows `count` rows. */
const activityShown = async (canvas: Canvas, count: number) => {
  const feed = await activityTable(canvas);
  await waitFor(() => expect(feed.getAllByRole('rowheader')).toHaveLength(count));
  return feed.getAllByRole('rowheader').map((cell) => cell.textContent);
};
const actionButtons = (canvas: Canvas) =>
  within(canvas.getByRole('group', { name: TEXTS.detail.actionsLabel(editor.name) }))
    .getAllByRole('button')
    .map((button) => button.textContent);

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await heading(canvas, editor.name);
    await waitFor(() => expect(document.title).toBe(`${editor.name} · ${TEXTS.title} · ${PRODUCT_TITLE}`));
    const details = section(canvas, TEXTS.detail.detailsHeading);
    await visible(() => details.getByText(editor.email));
    await visible(() => details.getByText('EDITOR'));
    await visible(() => details.getByText(LIST_TEXTS.active));
    await visible(() => details.getByText('Jan 14, 2025, 12:00 PM UTC'));
    // The list's actions on one user; the page shows the clients itself, so no Clients button.
    await expect(actionButtons(canvas)).toEqual([
      TEXTS.edit,
      TEXTS.disable,
      USER_SESSIONS_TEXTS.signOutEverywhere,
      TEXTS.delete,
    ]);
    await expect(canvas.getByRole('link', { name: TEXTS.detail.backToList })).toHaveAttribute(
      'href',
      '/users',
    );

    // Each assigned client links to its page.
    const clients = await clientsTable(canvas);
    await waitFor(() =>
      expect(clients.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(EDITOR_CLIENTS),
    );
    await expect(clients.getByRole('link', { name: 'Acme Studios' })).toHaveAttribute(
      'href',
      clientPath(ACME_STUDIOS_ID),
    );

    // What Edith did, newest first, without an Actor column (it would say her name on every row).
    await expect(await activityShown(canvas, 4)).toEqual([
      'Created certificate SN-1001',
      'Downloaded licence of SN-1003',
      'Created client Cobalt Post',
      'Created certificate SN-1007',
    ]);
    const feed = await activityTable(canvas);
    await expect(headerTexts(feed)).toEqual(['Time', 'Action', 'About', 'Description']);
    await expect(
      feed.getByRole('link', { name: `${ACTIVITY_TEXTS.about.certificate}: Created certificate SN-1001` }),
    ).toHaveAttribute('href', certificatePath(certificateUuid(1)));
  },
};

export const Phone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await heading(canvas, editor.name);
    await clientsTable(canvas);
    await activityShown(canvas, 4);
    await expectFitsThePhone();
  },
};

export const Loading: Story = pageLoading('/users/:id', TEXTS.detail.loading);

/** An id the server does not know (or a user deleted since): the console's Not Found page. */
export const NotFound: Story = {
  args: { path: userPath('10000000-0000-4000-8000-999999999999') },
  play: async ({ canvas }) => {
    await heading(canvas, NOT_FOUND_TEXTS.title);
  },
};

/** Editors and viewers never see a user's page: the route shows Access Denied in its place. */
export const AccessDeniedForAnEditor: Story = {
  tags: ['visual'],
  args: { path: userPath(mockUsers.viewer.uuid), history: ['/'] },
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    await heading(canvas, ACCESS_DENIED_TEXTS.title);
    await expect(canvas.queryByRole('heading', { name: mockUsers.viewer.name })).not.toBeInTheDocument();
  },
};

/** A failed load: one banner with the server's message and Retry, which loads again. */
export const LoadFailed: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(failsOnce('/users/:id', editor.uuid)),
  play: async ({ canvas, userEvent }) => {
    const banner = await canvas.findByRole('alert');
    await expect(banner).toHaveTextContent(UNAVAILABLE);
    await expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await heading(canvas, editor.name);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The activity alone fails: its own banner and Retry, under the details that loaded. */
export const ActivityLoadFailed: Story = {
  beforeEach: ({ msw }) => {
    let calls = 0;
    msw.use(
      http.get(apiPath('/dashboard/activity'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: MESSAGES.internal, code: 'INTERNAL' }, { status: 500 })
          : undefined;
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await heading(canvas, editor.name);
    const activity = section(canvas, TEXTS.detail.activityHeading);
    const banner = await activity.findByRole('alert');
    await expect(banner).toHaveTextContent(MESSAGES.internal);
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await activityShown(canvas, 4);
    await expect(activity.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Disabling from the page offers Undo on its toast, as in the list; the status follows both. */
export const DisableThenUndo: Story = {
  play: async ({ canvas, userEvent }) => {
    await heading(canvas, editor.name);
    const details = section(canvas, TEXTS.detail.detailsHeading);
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.disable }));
    const toast = within(
      await toastWith(USERS_TOASTS.statusUpdated.title, `${editor.name} has been deactivated.`),
    );
    await visible(() => details.getByText(LIST_TEXTS.inactive));
    // A disabled user has no sessions left to end.
    await expect(actionButtons(canvas)).toEqual([TEXTS.edit, TEXTS.enable, TEXTS.delete]);
    await userEvent.click(toast.getByRole('button', { name: LIST_TEXTS.undo }));
    await toastWith(USERS_TOASTS.statusUpdated.title, `${editor.name} has been activated.`);
    await visible(() => details.getByText(LIST_TEXTS.active));
    await visible(() => canvas.getByRole('button', { name: TEXTS.disable }));
  },
};

/** Delete asks, naming the user; once deleted the page gives way to the list, without them. */
export const DeleteGoesBackToTheList: Story = {
  play: async ({ canvas, userEvent }) => {
    await heading(canvas, editor.name);
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.delete }));
    const dialog = within(await screen.findByRole('alertdialog', { name: TEXTS.deleteTitle(editor.name) }));
    await visible(() => dialog.getByText(TEXTS.deleteConfirm));
    await userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(USERS_TOASTS.deleted.title, USERS_TOASTS.deleted.description(editor.name));
    await heading(canvas, TEXTS.title);
    const list = within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
    await waitFor(() => expect(list.getAllByRole('rowheader').length).toBeGreaterThan(0));
    await expect(list.queryByRole('link', { name: editor.name })).not.toBeInTheDocument();
    await pointerAway(userEvent);
  },
};

/** The list's names open the user's page. */
export const OpenedFromTheList: Story = {
  args: { path: '/users' },
  play: async ({ canvas, userEvent }) => {
    const list = within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
    await userEvent.click(await list.findByRole('link', { name: editor.name }));
    await heading(canvas, editor.name);
  },
};

/** An admin sees an owner's page but no action on them; one's own page offers Edit alone. */
export const OwnerSeenByAnAdmin: Story = {
  args: { path: userPath(mockUsers.owner.uuid) },
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas }) => {
    await heading(canvas, mockUsers.owner.name);
    await visible(() => section(canvas, TEXTS.detail.detailsHeading).getByText('OWNER'));
    await expect(
      canvas.queryByRole('group', { name: TEXTS.detail.actionsLabel(mockUsers.owner.name) }),
    ).toBeNull();
    await expect(canvas.queryByRole('button', { name: TEXTS.edit })).not.toBeInTheDocument();
    await visible(() => canvas.getByText(TEXTS.noClients(mockUsers.owner.name)));
  },
};

/** Twelve entries by one person: five at a time, the pager reading like every list's. */
const manyEntries: Activity[] = Array.from({ length: 12 }, (_, index) => ({
  id: String(900 + index),
  type: 'certificate.created',
  description: `Created certificate SN-2${String(index).padStart(3, '0')}`,
  performedBy: editor.name,
  actorId: editor.uuid,
  targetType: 'certificate',
  targetId: `10000000-0000-4000-8000-0000000009${String(index).padStart(2, '0')}`,
  createdAt: FIXED_NOW - (index + 1) * 3600_000,
}));

export const ActivityPages: Story = {
  beforeEach: ({ msw }) => msw.use(...dashboardHandlers({ activities: manyEntries })),
  play: async ({ canvas, userEvent }) => {
    await expect((await activityShown(canvas, 5))[0]).toBe('Created certificate SN-2000');
    const pager = within(canvas.getByRole('navigation', { name: ACTIVITY_TEXTS.feed.pagerLabel }));
    await visible(() => pager.getByText('Showing 1 to 5 of 12 entries'));
    await userEvent.click(pager.getByRole('button', { name: LIST_TEXTS.next }));
    await visible(() => pager.getByText('Showing 6 to 10 of 12 entries'));
    await waitFor(async () =>
      expect((await activityShown(canvas, 5))[0]).toBe('Created certificate SN-2005'),
    );
  },
};
