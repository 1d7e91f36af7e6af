import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BulkBar, type BulkBarProps } from './BulkBar';
import { visible } from '../../../.storybook/story-helpers';

const onAction = fn();
const onClear = fn();
const onDismissOutcome = fn();
const onSelectAll = fn();

type Action = 'enable' | 'disable';

const texts: BulkBarProps<Action>['texts'] = {
  label: 'Selected rows',
  countText: '3 selected',
  clearLabel: 'Clear selection',
  failedRowsLabel: 'Rows that failed',
  dismissLabel: 'Dismiss',
  moreFailures: (count) => `and ${count} more`,
};

const meta = {
  title: 'UI/BulkBar',
  component: BulkBar<Action>,
  tags: ['autodocs', 'visual', 'dark'],
  args: {
    texts,
    count: 3,
    actions: [
      { action: 'enable', label: 'Enable' },
      { action: 'disable', label: 'Disable', variant: 'destructive' },
    ],
    onAction,
    onClear,
    onDismissOutcome,
  },
  beforeEach: () => {
    for (const spy of [onAction, onClear, onDismissOutcome, onSelectAll]) spy.mockClear();
  },
} satisfies Meta<typeof BulkBar<Action>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab reaches each action, then Clear; Enter presses them. */
export const Selection: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('region', { name: 'Selected rows' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('3 selected');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Enable' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onAction).toHaveBeenCalledWith('enable');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(onClear).toHaveBeenCalled();
  },
};

/** The whole page is selected and more rows match. */
export const SelectAllMatching: Story = {
  args: {
    texts: { ...texts, countText: '10 selected' },
    count: 10,
    selectAllMatching: {
      label: 'Select all 201 matching',
      pendingLabel: 'Selecting...',
      isPending: false,
      onPress: onSelectAll,
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 201 matching' }));
    await expect(onSelectAll).toHaveBeenCalled();
  },
};

export const AllMatchingSelected: Story = {
  args: {
    texts: { ...texts, countText: '201 selected' },
    count: 201,
    note: 'All 201 matching rows are selected.',
  },
};

/** The server's ids stopped at its limit. */
export const Capped: Story = {
  args: {
    texts: { ...texts, countText: '10,000 selected' },
    count: 10_000,
    note: 'Only the first 10,000 of 25,000 matching rows were selected.',
    isCapped: true,
  },
};

/** An action running in chunks: its button waits, the others and Clear are disabled. */
export const Running: Story = {
  tags: ['!visual'],
  args: { progress: 'Working... 1,000 of 2,500', pendingAction: 'disable' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Working... 1,000 of 2,500');
    await expect(canvas.getByRole('button', { name: 'Enable' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Clear selection' })).toBeDisabled();
  },
};

/** After a partial failure: the counts and each failed row with its reason; the failed rows stay selected. */
export const PartialFailure: Story = {
  args: {
    texts: { ...texts, countText: '2 selected' },
    count: 2,
    outcome: {
      summary: 'Disable: 1 succeeded, 2 failed.',
      failures: [
        { id: 'u1', name: 'Olivia Owner', message: 'Only an owner can edit, disable or delete an owner' },
        { id: 'u2', name: 'Adam Admin', message: 'You cannot disable your own account' },
      ],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByText('Disable: 1 succeeded, 2 failed.'));
    await expect(canvas.getByRole('list', { name: 'Rows that failed' })).toHaveTextContent(
      'Adam Admin: You cannot disable your own account',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(onDismissOutcome).toHaveBeenCalled();
  },
};

/** Everything succeeded and nothing is left selected: the outcome alone. */
export const Succeeded: Story = {
  args: { count: 0, outcome: { summary: 'Enable: 3 succeeded, 0 failed.', failures: [] } },
};

/** Nothing selected and no outcome: no bar. */
export const Hidden: Story = {
  tags: ['!visual'],
  args: { count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};
