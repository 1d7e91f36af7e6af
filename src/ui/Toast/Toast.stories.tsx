import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { TOAST_DURATION_MS } from '../../contract/constants';
import { Button } from '../Button';
import { createToastQueue, type ShowToastOptions } from './toast-queue';
import { ToastRegion } from './Toast';
import { ToastProvider, useToast } from './ToastProvider';
import { visible } from '../../../.storybook/story-helpers';

/** Renders a region with toasts already shown and kept open (no timeout) so they can be looked at. */
function ToastsShown({ toasts }: { toasts: ShowToastOptions[] }) {
  const [queue] = useState(() => {
    const created = createToastQueue();
    for (const toast of toasts)
      created.add({ type: toast.type, title: toast.title, description: toast.description });
    return created;
  });
  return <ToastRegion queue={queue} />;
}

const meta = {
  title: 'UI/Toast',
  component: ToastsShown,
  tags: ['autodocs', 'visual', 'dark'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastsShown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: { toasts: [{ type: 'success', title: 'User Created', description: 'The user has been created.' }] },
  play: async () => {
    await visible(() => screen.getByText('User Created'));
  },
};

export const Destructive: Story = {
  args: {
    toasts: [
      {
        type: 'destructive',
        title: 'Load Failed',
        description: 'Failed to load dashboard data. Please try again.',
      },
    ],
  },
};

export const Warning: Story = {
  args: {
    toasts: [
      { type: 'warning', title: 'Authentication Error', description: 'No authentication token found.' },
    ],
  },
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
    <Button onPress={() => toast.show({ type: 'success', title: 'Certificate Created', duration })}>
      Show toast
    </Button>
  );
}

/** Shown through the provider, announced, and gone after its duration (docs/requirements.md#certificate-lifecycle and #constants). */
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
    await visible(() => screen.getByText('Certificate Created'));
    await waitFor(() => expect(screen.queryByText('Certificate Created')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
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

/** A toast is announced (role alertdialog in a labelled region) and stays while hovered or focused (docs/requirements.md#constants's 2000 ms waits). */
export const PausedWhileHoveredOrFocused: Story = {
  tags: ['!visual'],
  args: { toasts: [] },
  render: () => (
    <ToastProvider>
      <ToastTrigger duration={600} />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    const toast = await screen.findByRole('alertdialog', { name: /Certificate Created/ });
    await expect(screen.getByRole('region', { name: /notification/i })).toContainElement(toast);
    await userEvent.hover(toast);
    await pause(1000);
    await expect(toast).toBeInTheDocument();
    await userEvent.unhover(toast);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 2000 });

    // Keyboard: F6 moves focus into the toast region; the timer waits while focus is there.
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await screen.findByRole('alertdialog', { name: /Certificate Created/ });
    await userEvent.keyboard('{F6}');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /notification/i })).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
    await pause(1000);
    await expect(screen.getByRole('alertdialog', { name: /Certificate Created/ })).toBeInTheDocument();
    // Within the region, Tab reaches the toast's Close button; Enter dismisses it.
    for (
      let step = 0;
      step < 3 && document.activeElement?.getAttribute('aria-label') !== 'Close';
      step += 1
    ) {
      await userEvent.keyboard('{Tab}');
    }
    await expect(document.activeElement).toHaveAccessibleName('Close');
    await expect(screen.getByRole('region', { name: /notification/i })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** The default duration comes from the contract (docs/requirements.md#constants: 2000 ms). */
export const DefaultDurationFromContract: Story = {
  tags: ['!visual'],
  args: { toasts: [] },
  render: () => (
    <ToastProvider>
      <ToastTrigger />
    </ToastProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    const shownAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await screen.findByText('Certificate Created');
    await new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS - 500));
    await expect(screen.getByText('Certificate Created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Certificate Created')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(TOAST_DURATION_MS);
  },
};
