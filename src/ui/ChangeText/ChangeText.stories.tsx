import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CHANGE_ARROW, describeRenewal } from '../../contract/certificates';
import { ChangeText } from './ChangeText';
import { visible } from '../../../.storybook/story-helpers';

const meta = {
  title: 'UI/ChangeText',
  component: ChangeText,
  tags: ['autodocs', 'visual'],
  args: {
    text: `Renewed: ${describeRenewal(
      { validTo: Date.UTC(2026, 11, 31), studioCount: 2, userCount: 10 },
      { validTo: Date.UTC(2027, 11, 31), studioCount: 2, userCount: 25 },
    )}`,
  },
} satisfies Meta<typeof ChangeText>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A renewal's description: each arrow an icon, read as "to". */
export const Renewal: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-icon="arrowRight"]')).toHaveLength(2);
    await expect(canvasElement.textContent).toBe(
      'Renewed: Valid to Dec 31, 2026 to Dec 31, 2027; users 10 to 25',
    );
    await expect(canvasElement.textContent).not.toContain(CHANGE_ARROW);
  },
};

/** A text with no change in it is shown as it is. */
export const PlainText: Story = {
  args: { text: 'Certificate revoked: Transferred to SN-2002' },
  play: async ({ canvas, canvasElement }) => {
    await visible(() => canvas.getByText('Certificate revoked: Transferred to SN-2002'));
    await expect(canvasElement.querySelector('svg')).toBeNull();
  },
};
