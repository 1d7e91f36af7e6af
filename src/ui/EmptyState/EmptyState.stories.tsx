import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';
import { visible } from '../../../.storybook/story-helpers';

const onCreate = fn();

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  tags: ['autodocs', 'visual', 'dark'],
  args: { title: 'No certificates found.' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('No certificates found.'));
  },
};

export const WithDescriptionAndAction: Story = {
  args: {
    title: 'No certificates found.',
    description: 'Generate the first certificate for a client.',
    action: <Button onPress={onCreate}>Generate New Certificate</Button>,
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Generate New Certificate' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onCreate).toHaveBeenCalled();
  },
};
