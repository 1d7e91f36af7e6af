import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';
import { visible } from '../../../.storybook/story-helpers';

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
    await visible(() => canvas.getByRole('heading', { level: 1, name: 'Dashboard' }));
    // The browser tab names the page.
    await waitFor(() => expect(document.title).toBe('Dashboard · License Console'));
  },
};

/** An item's page names the item, then its list, in the tab's title. */
export const ItemPage: Story = {
  tags: ['!visual'],
  args: { title: 'SN-1002', section: 'Certificates' },
  play: async () => {
    await waitFor(() => expect(document.title).toBe('SN-1002 · Certificates · License Console'));
  },
};

export const WithActions: Story = {
  args: {
    title: 'Users',
    description: 'Staff who can sign in to the console.',
    actions: <Button>Add New User</Button>,
  },
};
