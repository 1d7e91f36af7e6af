import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EmailAddress } from './EmailAddress';

const meta = {
  title: 'UI/EmailAddress',
  component: EmailAddress,
  tags: ['autodocs'],
  args: { address: 'licensing10000@client10000.example' },
} satisfies Meta<typeof EmailAddress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How many lines an inline element runs over: its boxes' distinct tops (each text part has boxes of its own). */
const lineCount = (element: Element) =>
  new Set([...element.getClientRects()].map((box) => Math.round(box.top))).size;

/** On one line where it fits, and read (and copied) as one address. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const address = canvas.getByText(
      (_, element) => element?.tagName === 'SPAN' && element.textContent === meta.args.address,
    );
    await expect(lineCount(address)).toBe(1);
  },
};

/** In a narrow frame it wraps after the `@` and before a dot, and only breaks inside a part too long for a line. */
export const Narrow: Story = {
  tags: ['visual'],
  args: { address: 'licensing10000@client10000.example' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <div style={{ width: 140 }} data-testid="narrow">
        <EmailAddress {...args} />
      </div>
      <div style={{ width: 80 }} data-testid="narrowest">
        <EmailAddress address="averyveryverylongmailbox@example.test" />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    const narrow = canvas.getByTestId('narrow');
    // Three lines: 'licensing10000@', 'client10000', '.example'; nothing wider than its frame.
    await expect(lineCount(narrow.firstElementChild!)).toBe(3);
    for (const frame of [narrow, canvas.getByTestId('narrowest')])
      await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
  },
};
