import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LoadingState } from './LoadingState';

const meta = {
  title: 'UI/LoadingState',
  component: LoadingState,
  tags: ['autodocs', 'visual', 'dark'],
  args: { label: 'Authenticating...' },
} satisfies Meta<typeof LoadingState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Authenticating...');
  },
};
