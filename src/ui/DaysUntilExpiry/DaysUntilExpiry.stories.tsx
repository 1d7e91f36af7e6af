import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DaysUntilExpiry } from './DaysUntilExpiry';

const meta = {
  title: 'UI/DaysUntilExpiry',
  component: DaysUntilExpiry,
  tags: ['autodocs', 'visual'],
  args: { days: 5 },
} satisfies Meta<typeof DaysUntilExpiry>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Red at 7 or fewer days, with a word for screen readers besides the colour. */
export const Critical: Story = {
  play: async ({ canvas }) => {
    const days = canvas.getByText(/5 days/);
    await expect(days).toHaveAttribute('data-level', 'critical');
    await expect(days).toHaveTextContent('5 days, expires very soon');
  },
};
export const Warning: Story = {
  args: { days: 30 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/30 days/)).toHaveAttribute('data-level', 'warning');
  },
};
export const Ok: Story = {
  args: { days: 31 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/31 days/)).toHaveAttribute('data-level', 'ok');
  },
};
export const Expired: Story = {
  args: { days: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Expired')).toHaveAttribute('data-level', 'expired');
  },
};
export const OneDay: Story = {
  tags: ['!visual'],
  args: { days: 1 },
  play: async ({ canvas }) => {
    // Singular, and still named as urgent for screen readers.
    await expect(canvas.getByText('1 day')).toHaveTextContent('1 day, expires very soon');
  },
};

export const AllLevels: Story = {
  tags: ['dark'],
  render: () => (
    <div style={{ display: 'flex', gap: 24 }}>
      {[-2, 0, 1, 7, 8, 30, 31, 365].map((days) => (
        <DaysUntilExpiry key={days} days={days} />
      ))}
    </div>
  ),
};
