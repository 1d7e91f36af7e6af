import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LoadingState } from './LoadingState';
import { dark, withTheme } from '../storybook/theme-decorator';

const meta = {
  title: 'UI/LoadingState',
  decorators: [withTheme],
  component: LoadingState,
  tags: ['visual'],
  args: { label: 'Authenticating...' },
} satisfies Meta<typeof LoadingState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Authenticating...');
  },
};
export const DefaultDark = dark(Default);
