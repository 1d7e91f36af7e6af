import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Icon, ICON_NAMES } from './Icon';

const meta = {
  title: 'UI/Icon',
  component: Icon,
  tags: ['autodocs', 'visual', 'dark'],
  args: { name: 'check' },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon at the sizes the kit uses; each is hidden from assistive technology. */
export const Catalogue: Story = {
  render: () => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, 10rem)',
        gap: 12,
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {ICON_NAMES.map((name) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Icon name={name} size={16} />
          <Icon name={name} size={24} />
          <span>{name}</span>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('svg');
    await expect(icons).toHaveLength(ICON_NAMES.length * 2);
    for (const icon of icons) await expect(icon).toHaveAttribute('aria-hidden', 'true');
  },
};
