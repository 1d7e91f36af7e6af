import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  LAYOUT_TEXTS,
  PAGE_TITLES,
  PRODUCT_TITLE,
  SHORTCUT_TEXTS,
  SIGN_IN_TEXTS,
  type RoleName,
} from '../../contract';
import { mockUsers } from '../../../mocks/fixtures';
import { refreshFails, validateNeverAnswers } from '../../../mocks/handlers';
import { http, HttpResponse } from 'msw';
import { consoleAtMeta, type ConsoleAt } from '../../../.storybook/ConsoleAt';
import { visible } from '../../../.storybook/story-helpers';

const meta = {
  title: 'App/Layout',
  ...consoleAtMeta('/'),
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const navigationOf = async (canvas: PlayContext['canvas']) =>
  within(await canvas.findByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation }));

/**
 * The top bar shows the title, the user's name and role and Logout; the sidebar shows only what the role may open,
 * in its groups.
 */
const layoutFor = (role: RoleName, links: string[]): Story => ({
  tags: ['visual'],
  parameters: { session: { signedInAs: role } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const banner = canvas.getByRole('banner');
    await expect(banner).toHaveTextContent(PRODUCT_TITLE);
    await visible(() => within(banner).getByText(mockUsers[role].name));
    await visible(() => within(banner).getByText(role.toUpperCase()));
    await visible(() => within(banner).getByRole('button', { name: LAYOUT_TEXTS.logout }));
    const navigation = await navigationOf(canvas);
    await visible(() => navigation.getByRole('list', { name: LAYOUT_TEXTS.navGroups.main }));
    await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual(links);
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  },
});

/** Owners see every page, admins all but Settings; editors and viewers no users, activity, tokens or webhooks. */
const ADMIN_PAGES = ['Dashboard', 'Clients', 'Certificates', 'Users', 'Activity', 'API tokens', 'Webhooks'];
const STAFF_PAGES = ['Dashboard', 'Clients', 'Certificates'];

/** In both themes: the sidebar expanded. */
export const Owner: Story = { ...layoutFor('owner', [...ADMIN_PAGES, 'Settings']), tags: ['visual', 'dark'] };
export const Admin = layoutFor('admin', ADMIN_PAGES);
export const Editor = layoutFor('editor', STAFF_PAGES);
export const Viewer = layoutFor('viewer', STAFF_PAGES);

export const Authenticating: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(validateNeverAnswers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(LAYOUT_TEXTS.authenticating);
  },
};

export const SignedOutIsSentToLogin: Story = {
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const ExpiredSessionIsSentToLogin: Story = {
  // The stored access token is no longer valid and the refresh token is refused: tokens are cleared.
  parameters: { session: { signedInAs: 'admin' } },
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('/api/v1/auth/validate', () => HttpResponse.json({ data: { valid: false } })),
      refreshFails(),
    ),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const NavigatesBetweenPages: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas, userEvent }) => {
    const navigation = await navigationOf(canvas);
    for (const [label, title] of [
      ['Users', PAGE_TITLES.users],
      ['Clients', PAGE_TITLES.clients],
      ['Certificates', PAGE_TITLES.certificates],
      ['Dashboard', PAGE_TITLES.dashboard],
    ] as const) {
      await userEvent.click(navigation.getByRole('link', { name: label }));
      await visible(() => canvas.getByRole('heading', { level: 1, name: title }));
      await expect(navigation.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
  },
};

export const ViewerIsDeniedUsers: Story = {
  tags: ['visual'],
  args: { path: '/users', history: ['/clients'] },
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: ACCESS_DENIED_TEXTS.title }));
    await visible(() => canvas.getByText(ACCESS_DENIED_TEXTS.message));
    await expect(canvas.queryByRole('heading', { name: PAGE_TITLES.users })).not.toBeInTheDocument();
  },
};

/** On Access Denied, a press on `button` leads to the page titled `title`. */
const pressLeadsTo =
  (button: string, title: string): Story['play'] =>
  async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: button }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: title }));
  };

export const AccessDeniedGoBack: Story = {
  args: { path: '/users', history: ['/clients'] },
  parameters: { session: { signedInAs: 'editor' } },
  play: pressLeadsTo(ACCESS_DENIED_TEXTS.goBack, PAGE_TITLES.clients),
};

export const AccessDeniedGoBackWithoutHistory: Story = {
  args: { path: '/users' },
  parameters: { session: { signedInAs: 'viewer' } },
  play: pressLeadsTo(ACCESS_DENIED_TEXTS.goBack, PAGE_TITLES.dashboard),
};

export const AccessDeniedGoToDashboard: Story = {
  args: { path: '/users', history: ['/certificates'] },
  parameters: { session: { signedInAs: 'viewer' } },
  play: pressLeadsTo(ACCESS_DENIED_TEXTS.goToDashboard, PAGE_TITLES.dashboard),
};

export const Logout: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.logout }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const LogoutWhenTheServerFails: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(http.post('/api/v1/auth/logout', () => HttpResponse.error())),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.logout }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

const SIDEBAR_KEY = 'license-console.sidebar';

/** Collapsed to icons: each link keeps its name, the choice is remembered, and Expand brings the labels back. */
export const SidebarCollapsed: Story = {
  tags: ['visual', 'dark'],
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: () => {
    localStorage.setItem(SIDEBAR_KEY, 'collapsed');
    return () => localStorage.removeItem(SIDEBAR_KEY);
  },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const navigation = await navigationOf(canvas);
    await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual([
      ...ADMIN_PAGES,
      'Settings',
    ]);
    const expand = navigation.getByRole('button', { name: LAYOUT_TEXTS.expandNavigation });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Its tooltip: the label beside the icon while the link has the focus (kept for the screenshot).
    await userEvent.tab();
    navigation.getByRole('link', { name: 'Clients' }).focus();
  },
};

/** The sidebar's collapse button narrows it and remembers the choice for the next visit. */
export const CollapsesAndRemembers: Story = {
  parameters: { session: { signedInAs: 'editor' } },
  beforeEach: () => () => localStorage.removeItem(SIDEBAR_KEY),
  play: async ({ canvas, userEvent }) => {
    const navigation = await navigationOf(canvas);
    const collapse = navigation.getByRole('button', { name: LAYOUT_TEXTS.collapseNavigation });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(collapse);
    await expect(localStorage.getItem(SIDEBAR_KEY)).toBe('collapsed');
    await expect(navigation.getByRole('link', { name: 'Certificates' })).toBeInTheDocument();
    const expand = navigation.getByRole('button', { name: LAYOUT_TEXTS.expandNavigation });
    await userEvent.click(expand);
    await expect(localStorage.getItem(SIDEBAR_KEY)).toBe('expanded');
    await visible(() => navigation.getByRole('button', { name: LAYOUT_TEXTS.collapseNavigation }));
  },
};

/** Opens the drawer from the top bar's Menu button (below 1024 px) and returns it, once shown. */
const openDrawer = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) => {
  await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.menu }));
  const dialog = await screen.findByRole('dialog', { name: LAYOUT_TEXTS.menu });
  await visible(() => dialog);
  return dialog;
};

/** At 768 px the top bar still holds the user, the role, Account and Logout; the pages are in the drawer. */
export const DrawerAtTabletWidth: Story = {
  tags: ['visual', 'dark'],
  globals: { viewport: { value: 'tablet' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const { canvas } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const banner = within(canvas.getByRole('banner'));
    await visible(() => banner.getByText(mockUsers.owner.name));
    await visible(() => banner.getByRole('button', { name: LAYOUT_TEXTS.logout }));
    // The sidebar is not on the page (out of reach of screen readers too) until the drawer opens.
    await expect(canvas.queryByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation })).toBeNull();
    const drawer = within(await openDrawer(context));
    await expect(drawer.getAllByRole('link').map((link) => link.textContent)).toEqual([
      ...ADMIN_PAGES,
      'Settings',
    ]);
  },
};

/** From 1024 px the sidebar is beside the page, and the top bar has no Menu button. */
export const SidebarAtLaptopWidth: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'laptop' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas }) => {
    const navigation = await navigationOf(canvas);
    await visible(() => navigation.getByRole('link', { name: 'Activity' }));
    await visible(() =>
      within(canvas.getByRole('banner')).getByRole('button', { name: LAYOUT_TEXTS.logout }),
    );
    await expect(canvas.queryByRole('button', { name: LAYOUT_TEXTS.menu })).toBeNull();
  },
};

/** On a phone the drawer lists every page the role may open, grouped; following a link closes it. */
export const DrawerOnPhone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  parameters: { session: { signedInAs: 'editor' } },
  play: async (context) => {
    const { canvas, userEvent } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const button = canvas.getByRole('button', { name: LAYOUT_TEXTS.menu });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    const dialog = await openDrawer(context);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const drawer = within(dialog);
    await visible(() => drawer.getByRole('list', { name: LAYOUT_TEXTS.navGroups.main }));
    await expect(drawer.queryByRole('list', { name: LAYOUT_TEXTS.navGroups.admin })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LAYOUT_TEXTS.menu })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    const again = within(await openDrawer(context));
    await userEvent.click(again.getByRole('link', { name: 'Certificates' }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: 'Certificates' }));
    await expect(screen.queryByRole('dialog', { name: LAYOUT_TEXTS.menu })).not.toBeInTheDocument();
  },
};

/** On a phone the user, the theme, Account and Logout are in the account menu. */
export const AccountMenuOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.accountMenu }));
    const menu = within(await screen.findByRole('dialog', { name: LAYOUT_TEXTS.accountMenu }));
    await visible(() => menu.getByText(mockUsers.owner.name));
    await visible(() => menu.getByRole('button', { name: LAYOUT_TEXTS.logout }));
    await userEvent.click(menu.getByRole('link', { name: LAYOUT_TEXTS.account }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: LAYOUT_TEXTS.account }));
  },
};

/** `?` lists the shortcuts; `g` then `c` goes to Certificates; no shortcut fires while typing. */
export const KeyboardShortcuts: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    await userEvent.keyboard('?');
    const dialog = within(await screen.findByRole('dialog', { name: SHORTCUT_TEXTS.title }));
    await visible(() => dialog.getByText(SHORTCUT_TEXTS.goTo('Certificates')));
    // A viewer may not open Users: no shortcut to it.
    await expect(dialog.queryByText(SHORTCUT_TEXTS.goTo('Users'))).toBeNull();
    // While the dialog is open, g then c does nothing.
    await userEvent.keyboard('gc');
    await expect(canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SHORTCUT_TEXTS.title })).toBeNull());
    await userEvent.keyboard('gc');
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.certificates }));
    // `/` focuses the list's search; typing g then l there types, it does not go to Clients.
    await userEvent.keyboard('/');
    const search = canvas.getAllByRole('searchbox')[0];
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard('gl');
    await expect(search).toHaveValue('gl');
    await expect(
      canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.certificates }),
    ).toBeInTheDocument();
  },
};
