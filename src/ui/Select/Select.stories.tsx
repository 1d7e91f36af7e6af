import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { EXPIRATION_DAY_OPTIONS } from '../../contract/constants';
import { Select, type SelectOption } from './Select';
import { visible } from '../../../.storybook/story-helpers';

const onChange = fn();
const timeframes: SelectOption<number>[] = EXPIRATION_DAY_OPTIONS.map((days) => ({
  id: days,
  label: `Next ${days} days`,
}));

/** The dashboard's expiry timeframe: number values, default 30 (docs/requirements.md#screens). */
function TimeframeSelect(props: {
  isDisabled?: boolean;
  isInvalid?: boolean;
  errorMessage?: string;
  startValue?: number | null;
}) {
  const [value, setValue] = useState<number | null>(props.startValue === undefined ? 30 : props.startValue);
  return (
    <div style={{ width: 260 }}>
      <Select
        label="Timeframe"
        options={timeframes}
        value={value}
        placeholder="Choose a timeframe"
        isDisabled={props.isDisabled}
        isInvalid={props.isInvalid}
        errorMessage={props.errorMessage}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/Select',
  component: TimeframeSelect,
  tags: ['autodocs', 'visual', 'dark'],
  beforeEach: () => {
    onChange.mockClear();
  },
} satisfies Meta<typeof TimeframeSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('button', { name: /Next 30 days/ }));
  },
};

export const Placeholder: Story = { args: { startValue: null } };

export const Invalid: Story = {
  args: { startValue: null, isInvalid: true, errorMessage: 'Timeframe is required' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('Timeframe is required'));
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Next 30 days/ })).toBeDisabled();
  },
};

/** The list open, as a designer sees it. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Next 30 days/ }));
    await visible(() => screen.getByRole('listbox'));
  },
};

/** Keyboard: open with Enter, move with arrows, choose with Enter; Escape closes without choosing. */
export const ChooseByKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const trigger = canvas.getByRole('button', { name: /Timeframe/ });
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Timeframe' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Next 30 days' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('option', { name: 'Next 60 days' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(listbox).not.toBeInTheDocument());
    await expect(onChange).toHaveBeenCalledWith(60);
    await expect(trigger).toHaveTextContent('Next 60 days');
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox', { name: 'Timeframe' });
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(onChange).toHaveBeenCalledTimes(1);
    await expect(trigger).toHaveTextContent('Next 60 days');
  },
};
