import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  LAYOUT_TEXTS,
  PAGE_TITLES,
  PRODUCT_TITLE,
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

/** The top bar shows the title, the user's name and role; the navigation shows only what the role may open. */
const layoutFor = (role: RoleName, links: string[]): Story => ({
  tags: ['visual'],
  // The whole top bar on one line, from 1360 px (src/ui/styles/breakpoints.ts).
  globals: { viewport: { value: 'wide' } },
  parameters: { session: { signedInAs: role } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const banner = canvas.getByRole('banner');
    await expect(banner).toHaveTextContent(PRODUCT_TITLE);
    await visible(() => within(banner).getByText(mockUsers[role].name));
    await visible(() => within(banner).getByText(role.toUpperCase()));
    const navigation = await navigationOf(canvas);
    await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual(links);
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  },
});

/** Owners see every page, admins all but Settings; editors and viewers no users, activity, tokens or webhooks. */
const ADMIN_PAGES = ['Dashboard', 'Users', 'Clients', 'Certificates', 'Activity', 'API tokens', 'Webhooks'];
const STAFF_PAGES = ['Dashboard', 'Clients', 'Certificates'];

export const Owner = layoutFor('owner', [...ADMIN_PAGES, 'Settings']);
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
  globals: { viewport: { value: 'wide' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.logout }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const LogoutWhenTheServerFails: Story = {
  globals: { viewport: { value: 'wide' } },
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(http.post('/api/v1/auth/logout', () => HttpResponse.error())),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.logout }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

/**
 * Opens the top bar's Menu (below its full width) and returns it, once shown: its code loads on first use
 * and the popover stays hidden until it has been placed under its button.
 */
const openMenu = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) => {
  await userEvent.click(await canvas.findByRole('button', { name: LAYOUT_TEXTS.menu }));
  const dialog = await screen.findByRole('dialog', { name: LAYOUT_TEXTS.menu });
  await visible(() => dialog);
  return within(dialog);
};

/** At 1024 px the bar keeps the main pages on one line; the administration pages and the account are in the Menu. */
export const MenuAtLaptopWidth: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'laptop' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async (context) => {
    const { canvas } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    const navigation = await navigationOf(canvas);
    await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Clients',
      'Certificates',
    ]);
    await expect(canvas.queryByRole('button', { name: LAYOUT_TEXTS.logout })).not.toBeInTheDocument();
    const menu = await openMenu(context);
    await expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Activity',
      'API tokens',
      'Webhooks',
      'Settings',
      LAYOUT_TEXTS.account,
    ]);
    await visible(() => menu.getByRole('button', { name: LAYOUT_TEXTS.logout }));
    await visible(() => menu.getByText(mockUsers.owner.name));
  },
};

/** The Menu by keyboard: Enter opens it with the focus inside, Escape closes it and gives the focus back. */
export const MenuByKeyboard: Story = {
  globals: { viewport: { value: 'laptop' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: LAYOUT_TEXTS.menu });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: LAYOUT_TEXTS.menu });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAttribute('aria-controls', dialog.id);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LAYOUT_TEXTS.menu })).toBeNull());
    // react-aria gives the focus back on the frame after the popover has gone.
    await waitFor(() => expect(button).toHaveFocus());
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

/** On a phone every page is in the Menu, grouped; following a link closes it. */
export const MenuOnPhone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  parameters: { session: { signedInAs: 'editor' } },
  play: async (context) => {
    const { canvas, userEvent } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: PAGE_TITLES.dashboard }));
    // The bar's own navigation is hidden, out of reach of screen readers too.
    await expect(canvas.queryByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation })).toBeNull();
    const menu = await openMenu(context);
    await visible(() => menu.getByRole('heading', { name: LAYOUT_TEXTS.navGroups.main }));
    await expect(menu.queryByRole('heading', { name: LAYOUT_TEXTS.navGroups.admin })).not.toBeInTheDocument();
    await userEvent.click(menu.getByRole('link', { name: 'Certificates' }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: 'Certificates' }));
    await expect(screen.queryByRole('dialog', { name: LAYOUT_TEXTS.menu })).not.toBeInTheDocument();
  },
};
