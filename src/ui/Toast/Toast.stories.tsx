import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { createToastQueue, type ShowToastOptions } from './toast-queue';
import { ToastRegion } from './Toast';
import { ToastProvider, useToast } from './ToastProvider';

/** Renders a region with toasts already shown and kept open (no timeout) so they can be looked at. */
function ToastsShown({ toasts }: { toasts: ShowToastOptions[] }) {
  const [queue] = useState(() => {
    const created = createToastQueue();
    for (const toast of toasts) created.add({ type: toast.type, title: toast.title, description: toast.description });
    return created;
  });
  return <ToastRegion queue={queue} />;
}

const meta = {
  title: 'UI/Toast',
  component: ToastsShown,
  tags: ['visual'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastsShown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: { toasts: [{ type: 'success', title: 'User Created', description: 'The user has been created.' }] },
  play: async () => {
    await expect(await screen.findByText('User Created')).toBeVisible();
  },
};

export const Destructive: Story = {
  args: { toasts: [{ type: 'destructive', title: 'Load Failed', description: 'Failed to load dashboard data. Please try again.' }] },
};

export const Warning: Story = {
  args: { toasts: [{ type: 'warning', title: 'Authentication Error', description: 'No authentication token found.' }] },
};

export const Default: Story = {
  args: { toasts: [{ type: 'default', title: 'Password Changed' }] },
};

export const Stacked: Story = {
  args: {
    toasts: [
      { type: 'success', title: 'Client Created' },
      { type: 'destructive', title: 'Delete Failed', description: 'Failed to delete client' },
      { type: 'warning', title: 'Status Update Failed' },
    ],
  },
  play: async () => {
    await expect(await screen.findAllByRole('alertdialog')).toHaveLength(3);
  },
};

function ToastTrigger({ duration }: { duration?: number }) {
  const toast = useToast();
  return (
    <Button onPress={() => toast.show({ type: 'success', title: 'Certificate Created', duration })}>Show toast</Button>
  );
}

/** Shown through the provider, announced, and gone after its duration (spec §4, §9). */
export const AutoDismissedAfterDuration: Story = {
  tags: ['!visual'],
  args: { toasts: [] },
  render: () => (
    <ToastProvider>
      <ToastTrigger duration={300} />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await expect(await screen.findByText('Certificate Created')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Certificate Created')).not.toBeInTheDocument(), { timeout: 2000 });
  },
};

export const ClosedByButton: Story = {
  tags: ['!visual'],
  args: { toasts: [] },
  render: () => (
    <ToastProvider>
      <ToastTrigger duration={60_000} />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Certificate Created')).not.toBeInTheDocument());
  },
};
