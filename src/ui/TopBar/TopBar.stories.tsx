import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn } from 'storybook/test';
import { NavLink, NavList } from '../NavLink';
import { RoleBadge } from '../RoleBadge';
import { ThemeSwitch } from '../ThemeSwitch';
import { TopBar, TopBarButton } from './TopBar';
import { visible } from '../../../.storybook/story-helpers';

const onLogout = fn();

const meta = {
  title: 'UI/TopBar',
  component: TopBar,
  tags: ['autodocs', 'visual', 'dark'],
  parameters: { layout: 'fullscreen' },
  // The whole bar on one line, from 1360 px (src/ui/styles/breakpoints.ts); MenuAt... stories pick narrower ones.
  globals: { viewport: { value: 'wide' } },
  args: {
    title: 'License Console',
    userName: 'Olivia Owner',
    userBadge: <RoleBadge role="owner" />,
    navigation: (
      <nav aria-label="Main navigation">
        <NavList>
          <li>
            <NavLink href="/" isCurrent>
              Dashboard
            </NavLink>
          </li>
          <li>
            <NavLink href="/clients">Clients</NavLink>
          </li>
        </NavList>
      </nav>
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
  args: { userName: undefined, userBadge: undefined, navigation: undefined, actions: undefined },
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
