import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'UI/PageHeader',
  component: PageHeader,
  tags: ['autodocs', 'visual', 'dark'],
  args: { title: 'Dashboard' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  },
};

export const WithActions: Story = {
  args: {
    title: 'Users',
    description: 'Staff who can sign in to the console.',
    actions: <Button>Add New User</Button>,
  },
};
