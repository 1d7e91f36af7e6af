import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ROLE_NAMES } from '../../contract/roles';
import { RoleBadge } from './RoleBadge';

const meta = {
  title: 'UI/RoleBadge',
  component: RoleBadge,
  tags: ['autodocs', 'visual'],
} satisfies Meta<typeof RoleBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {
  args: { role: 'owner' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('OWNER')).toHaveAttribute('data-variant', 'destructive');
  },
};
export const Admin: Story = {
  args: { role: 'admin' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ADMIN')).toHaveAttribute('data-variant', 'default');
  },
};
export const Editor: Story = {
  args: { role: 'editor' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('EDITOR')).toHaveAttribute('data-variant', 'secondary');
  },
};
export const Viewer: Story = {
  args: { role: 'viewer' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('VIEWER')).toHaveAttribute('data-variant', 'outline');
  },
};

export const AllRoles: Story = {
  tags: ['dark'],
  args: { role: 'owner' },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {ROLE_NAMES.map((role) => (
        <RoleBadge key={role} role={role} />
      ))}
    </div>
  ),
};
