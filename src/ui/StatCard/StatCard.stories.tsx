import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn } from 'storybook/test';
import { StatusBadge } from '../StatusBadge';
import { StatCard, StatGrid } from './StatCard';
import { visible } from '../../../.storybook/story-helpers';

const navigate = fn();

const meta = {
  title: 'UI/StatCard',
  component: StatCard,
  tags: ['autodocs', 'visual', 'dark'],
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: { title: 'Total Clients', value: 30 },
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('30'));
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

/** A clickable card: one link named by title and number; Enter follows it. */
export const Link: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  args: { title: 'Active Certs', value: 1234, href: '/certificates?status=active' },
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Active Certs 1,234' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/certificates?status=active', undefined);
  },
};

/** The dashboard's four counters (docs/requirements.md#screens). */
export const DashboardGrid: Story = {
  render: () => (
    <StatGrid label="Summary">
      <StatCard title="Total Clients" value={30} />
      <StatCard title="Active Certs" value={12} href="/certificates?status=active" />
      <StatCard title="Distributed Certs" value={8} href="/certificates?status=distributed" />
      <StatCard title="Expired Certs" value={3} href="/certificates?status=expired" />
    </StatGrid>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
  },
};

/** 'Certificate Overview' rows: a badge, the count, each a link. */
export const OverviewRows: Story = {
  render: () => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 360 }}>
      <StatCard
        variant="row"
        title="Pending"
        value={4}
        icon={<StatusBadge status="pending" />}
        href="/certificates?status=pending"
      />
      <StatCard
        variant="row"
        title="Revoked"
        value={2}
        icon={<StatusBadge status="revoked" />}
        href="/certificates?status=revoked"
      />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /Revoked.*2/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/certificates?status=revoked', undefined);
  },
};
