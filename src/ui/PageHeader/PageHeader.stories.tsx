import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';
import { dark, withTheme } from '../storybook/theme-decorator';

const meta = {
  title: 'UI/PageHeader',
  decorators: [withTheme],
  component: PageHeader,
  tags: ['visual'],
  args: { title: 'Dashboard' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  },
};
export const TitleOnlyDark = dark(TitleOnly);

export const WithActions: Story = {
  args: {
    title: 'Users',
    description: 'Staff who can sign in to the console.',
    actions: <Button>Add New User</Button>,
  },
};
export const WithActionsDark = dark(WithActions);
