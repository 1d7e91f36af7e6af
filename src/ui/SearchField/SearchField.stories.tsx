import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { SearchField } from './SearchField';
import { visible } from '../../../.storybook/story-helpers';

const meta = {
  title: 'UI/SearchField',
  component: SearchField,
  tags: ['autodocs', 'visual'],
  args: { label: 'Search users', placeholder: 'Search by name or email...', onChange: fn() },
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  tags: ['dark'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  },
};

export const WithValue: Story = {
  tags: ['dark'],
  args: { value: 'acme' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toHaveValue('acme');
    await visible(() => canvas.getByRole('button', { name: 'Clear search' }));
  },
};

export const VisibleLabel: Story = { args: { isLabelVisible: true } };

/** Without debounce every keystroke searches; Escape clears and searches for everything again. */
export const ImmediateAndEscapeClears: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    const input = canvas.getByRole('searchbox', { name: 'Search users' });
    await expect(input).toHaveFocus();
    await userEvent.keyboard('ab');
    await expect(args.onChange).toHaveBeenNthCalledWith(1, 'a');
    await expect(args.onChange).toHaveBeenNthCalledWith(2, 'ab');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onChange).toHaveBeenLastCalledWith('');
  },
};

/** Users search (docs/requirements.md#constants: 300 ms): one call with the whole text once typing pauses; Enter searches at once. */
export const Debounced: Story = {
  tags: ['!visual'],
  args: { debounceMs: USERS_SEARCH_DEBOUNCE_MS },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(input, 'olivia');
    await expect(args.onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onChange).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await expect(args.onChange).toHaveBeenCalledWith('olivia');
    await userEvent.keyboard('x{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('oliviax');
    await expect(args.onChange).toHaveBeenCalledTimes(2);
    // The pending debounced call was replaced by Enter's, not added to it.
    await new Promise((resolve) => setTimeout(resolve, USERS_SEARCH_DEBOUNCE_MS + 100));
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

/** A page whose echo of the search is late: it keeps what was sent until asked, then hands back the oldest. */
function LateEchoPage() {
  const [value, setValue] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  return (
    <>
      <SearchField
        label="Search users"
        value={value}
        debounceMs={60_000}
        onChange={(next) => setSent((all) => [...all, next])}
      />
      <button
        type="button"
        onClick={() => {
          setValue(sent[0] ?? value);
          setSent(sent.slice(1));
        }}
      >
        Echo the oldest search
      </button>
      <button type="button" onClick={() => setValue('acme')}>
        Search for acme
      </button>
    </>
  );
}

/**
 * The echo of a search that arrives after the user typed on does not put the older text back (the dashboard's
 * search once lost "-" this way); a value that really comes from outside still replaces the text.
 */
export const LateEchoKeepsTyping: Story = {
  tags: ['!visual'],
  render: () => <LateEchoPage />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(input, 'sn{Enter}');
    await userEvent.type(input, '-1002');
    await userEvent.click(canvas.getByRole('button', { name: 'Echo the oldest search' }));
    await expect(input).toHaveValue('sn-1002');
    await userEvent.click(canvas.getByRole('button', { name: 'Search for acme' }));
    await expect(input).toHaveValue('acme');
  },
};
