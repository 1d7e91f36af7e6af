import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DatePicker } from './DatePicker';
import type { DateInput } from './date-value';
import { visible } from '../../../.storybook/story-helpers';

const onChange = fn();

/** The certificate form's 'Valid from' field, its value kept as epoch ms the way the form sends it. */
function ValidFrom({
  start = Date.UTC(2026, 0, 15),
  isInvalid,
  errorMessage,
  isDisabled,
  minValue,
}: {
  start?: DateInput | null;
  isInvalid?: boolean;
  errorMessage?: string;
  isDisabled?: boolean;
  minValue?: DateInput;
}) {
  const [value, setValue] = useState<DateInput | null>(start);
  return (
    <div style={{ width: 260 }}>
      <DatePicker
        label="Valid from"
        value={value}
        isInvalid={isInvalid}
        errorMessage={errorMessage}
        isDisabled={isDisabled}
        minValue={minValue}
        onChange={(epochMs, dateString) => {
          onChange(epochMs, dateString);
          setValue(epochMs);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/DatePicker',
  component: ValidFrom,
  tags: ['autodocs', 'visual', 'dark'],
  beforeEach: () => {
    onChange.mockClear();
  },
} satisfies Meta<typeof ValidFrom>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithValue: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Valid from' });
    await expect(within(group).getByRole('spinbutton', { name: /month/i })).toHaveTextContent('1');
    await expect(within(group).getByRole('spinbutton', { name: /day/i })).toHaveTextContent('15');
    await expect(within(group).getByRole('spinbutton', { name: /year/i })).toHaveTextContent('2026');
  },
};

/** A 'YYYY-MM-DD' string works as the value too. */
export const FromDateString: Story = {
  tags: ['!visual'],
  args: { start: '2027-02-28' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('spinbutton', { name: /year/i })).toHaveTextContent('2027');
    await expect(canvas.getByRole('spinbutton', { name: /day/i })).toHaveTextContent('28');
  },
};

export const Empty: Story = { args: { start: null } };

export const Invalid: Story = {
  args: { start: null, isInvalid: true, errorMessage: 'Valid from date is required' },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('Valid from date is required'));
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

/** The calendar open on the chosen month. */
export const CalendarOpen: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendar/ }));
    await visible(() => screen.getByRole('grid', { name: /January 2026/ }));
  },
};

/** Keyboard: type the date into the segments; onChange gets midnight UTC and the date string. */
export const TypeADate: Story = {
  tags: ['!visual'],
  args: { start: null },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('spinbutton', { name: /month/i })).toHaveFocus();
    await userEvent.keyboard('03152026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(Date.UTC(2026, 2, 15), '2026-03-15'));
  },
};

/** Keyboard: open the calendar, move a day and a week with the arrows, choose with Enter; Escape closes without choosing. */
export const ChooseFromCalendarByKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: /Calendar/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('grid', { name: /January 2026/ });
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/January 15, 2026/));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await expect(document.activeElement).toHaveAccessibleName(/January 23, 2026/);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(onChange).toHaveBeenLastCalledWith(Date.UTC(2026, 0, 23), '2026-01-23');

    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('grid');
    await userEvent.keyboard('{ArrowRight}{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(onChange).toHaveBeenCalledTimes(1);
  },
};
