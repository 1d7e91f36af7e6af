import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn } from 'storybook/test';
import { vars } from '../theme.css';
import { NavLink, NavList } from './NavLink';

const navigate = fn();

const meta = {
  title: 'UI/NavLink',
  component: NavLink,
  tags: ['autodocs', 'visual', 'dark'],
  args: { href: '/clients', children: 'Clients' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <nav aria-label="Example" style={{ background: vars.color.topBar, padding: 12 }}>
          <NavList>
            <li>
              <Story />
            </li>
          </NavList>
        </nav>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof NavLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Clients' });
    await expect(link).not.toHaveAttribute('aria-current');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/clients', undefined);
  },
};

export const Current: Story = {
  args: { isCurrent: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
  },
};

export const KeyboardActivates: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Clients' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/clients', undefined);
  },
};
