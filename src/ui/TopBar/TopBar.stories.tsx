import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, within } from 'storybook/test';
import { Icon } from '../Icon';
import { RoleBadge } from '../RoleBadge';
import { ThemeSwitch } from '../ThemeSwitch';
import { TopBar, TopBarButton, TopBarIconButton } from './TopBar';
import { visible } from '../../../.storybook/story-helpers';

const onLogout = fn();

const meta = {
  title: 'UI/TopBar',
  component: TopBar,
  tags: ['autodocs', 'visual', 'dark'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'License Console',
    userName: 'Olivia Owner',
    userBadge: <RoleBadge role="owner" />,
    navigationButton: (
      <TopBarIconButton aria-label="Menu">
        <Icon name="menu" size={18} />
      </TopBarIconButton>
    ),
    actions: (
      <>
        <TopBarButton>Change password</TopBarButton>
        <TopBarButton onPress={onLogout}>Logout</TopBarButton>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={fn()}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('banner')).toHaveTextContent('License Console');
    await visible(() => canvas.getByText('Olivia Owner'));
    await visible(() => canvas.getByText('OWNER'));
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(onLogout).toHaveBeenCalled();
  },
};

export const TitleOnly: Story = {
  args: { userName: undefined, userBadge: undefined, navigationButton: undefined, actions: undefined },
};

/** The theme switch where the app puts it: in the bar, before the account buttons. */
export const WithThemeSwitch: Story = {
  args: {
    actions: (
      <>
        <ThemeSwitch />
        <TopBarButton>Change password</TopBarButton>
        <TopBarButton onPress={onLogout}>Logout</TopBarButton>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toContainElement(
      canvas.getByRole('switch', { name: 'Dark theme' }),
    );
  },
};

/** On a tablet the bar still holds the user and Logout; the drawer's button comes first. */
export const AtTabletWidth: Story = {
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('button', { name: 'Menu' }));
    await visible(() => canvas.getByText('Olivia Owner'));
    await visible(() => canvas.getByRole('button', { name: 'Logout' }));
  },
};

/** On a phone the user's area moves into the account menu. */
export const AccountMenuOnPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: {
    accountMenuLabel: 'Account menu',
    accountMenu: () => <TopBarButton onPress={onLogout}>Logout</TopBarButton>,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByText('Olivia Owner')).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    await visible(() => within(menu).getByRole('button', { name: 'Logout' }));
  },
};
