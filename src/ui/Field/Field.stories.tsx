import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { expect } from 'storybook/test';
import { Field, type FieldProps } from './Field';
import * as styles from './Field.css';
import { visible } from '../../../.storybook/story-helpers';

/** Field inside the react-aria field it serves, as every kit input uses it. */
function FieldInTextField({ isInvalid, ...props }: Omit<FieldProps, 'children'> & { isInvalid?: boolean }) {
  return (
    <AriaTextField className={styles.field} isInvalid={isInvalid}>
      <Field {...props}>
        <Input className={styles.input} />
      </Field>
    </AriaTextField>
  );
}

// Not tagged 'visual': every input's own stories already hold the look of this block in their baselines.
const meta = {
  title: 'UI/Field',
  component: FieldInTextField,
  tags: ['autodocs'],
  args: { label: 'Serial number' },
} satisfies Meta<typeof FieldInTextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDescription: Story = {
  tags: ['dark'],
  args: { description: 'As printed on the machine.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Serial number' })).toHaveAccessibleDescription(
      'As printed on the machine.',
    );
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Serial number is required' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Serial number' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Serial number is required');
  },
};

export const LabelHidden: Story = {
  args: { isLabelHidden: true },
  play: async ({ canvas }) => {
    // Still the input's accessible name, though clipped out of sight.
    await visible(() => canvas.getByRole('textbox', { name: 'Serial number' }));
    await expect(canvas.getByText('Serial number').getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
