import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { ErrorBanner } from './ErrorBanner';

const meta = {
  title: 'UI/ErrorBanner',
  component: ErrorBanner,
  tags: ['autodocs', 'visual', 'dark'],
  args: { message: 'Invalid email or password' },
} satisfies Meta<typeof ErrorBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const MessageOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};

export const WithTitleAndAction: Story = {
  args: {
    title: 'Load Failed',
    message: 'Failed to fetch users',
    action: (
      <Button variant="secondary" type="button">
        Retry
      </Button>
    ),
  },
};
