import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DEFAULT_STUDIO_COUNT, MIN_STUDIO_COUNT } from '../../contract/constants';
import { NumberField } from './NumberField';
import { visible } from '../../../.storybook/story-helpers';

const meta = {
  title: 'UI/NumberField',
  component: NumberField,
  tags: ['autodocs', 'visual', 'dark'],
  args: {
    label: 'Studio count',
    name: 'studioCount',
    defaultValue: DEFAULT_STUDIO_COUNT,
    minValue: MIN_STUDIO_COUNT,
    onChange: fn(),
  },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys step the value; it never goes below the minimum; typing replaces it. */
export const Default: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Studio count' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('3');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(input).toHaveValue('1');
    await userEvent.clear(input);
    await userEvent.keyboard('12');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(12);
    await visible(() => canvas.getByRole('button', { name: /Decrease/ }));
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Studio count must be at least 1' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Studio count' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Studio count must be at least 1');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Studio count' })).toBeDisabled();
  },
};
