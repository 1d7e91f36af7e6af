import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './Checkbox';
import { visible } from '../../../.storybook/story-helpers';

const onChange = fn();

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  tags: ['autodocs', 'visual', 'dark'],
  args: { children: 'Active', onChange },
  beforeEach: () => {
    onChange.mockClear();
  },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Space toggles it. */
export const Unchecked: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Active' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await expect(onChange).toHaveBeenLastCalledWith(true);
  },
};

/** A hint under it, lined up with the label and read out as the checkbox's description. */
export const WithDescription: Story = {
  args: { description: 'Inactive clients cannot get new certificates.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Active' })).toHaveAccessibleDescription(
      'Inactive clients cannot get new certificates.',
    );
  },
};

export const Checked: Story = {
  args: { defaultSelected: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  },
};

export const Indeterminate: Story = { args: { isIndeterminate: true, children: 'Select all' } };

export const Disabled: Story = {
  args: { isDisabled: true, defaultSelected: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
  },
};

const users = [
  { uuid: 'u1', name: 'Adam Admin' },
  { uuid: 'u2', name: 'Erin Editor' },
  { uuid: 'u3', name: 'Victor Viewer' },
];

function AssignUsers({ isInvalid }: { isInvalid?: boolean }) {
  const [selected, setSelected] = useState<string[]>(['u2']);
  return (
    <CheckboxGroup
      label="Users"
      value={selected}
      isInvalid={isInvalid}
      errorMessage="Choose at least one user"
      onChange={(value) => {
        onChange(value);
        setSelected(value);
      }}
    >
      {users.map((user) => (
        <Checkbox key={user.uuid} value={user.uuid}>
          {user.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/** The Assign Users list (docs/requirements.md#screens): Tab moves between boxes, Space toggles, the value is the checked uuids. */
export const Group: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  render: () => <AssignUsers />,
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('group', { name: 'Users' }));
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'Adam Admin' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(onChange).toHaveBeenLastCalledWith(['u2', 'u1']);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(onChange).toHaveBeenLastCalledWith(['u1']);
    await expect(canvas.getByRole('checkbox', { name: 'Erin Editor' })).not.toBeChecked();
  },
};

export const GroupInvalid: Story = {
  render: () => <AssignUsers isInvalid />,
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText('Choose at least one user'));
  },
};
