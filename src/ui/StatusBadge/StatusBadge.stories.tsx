import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CERTIFICATE_STATUSES } from '../../contract/certificates';
import { GENERIC_STATUSES, StatusBadge, STATUS_TONE } from './StatusBadge';

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs', 'visual', 'dark'],
  args: { status: 'active' },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } as const;

/** Every certificate status: each its own colour, each named in text. */
export const CertificateStatuses: Story = {
  render: () => (
    <div style={row}>
      {CERTIFICATE_STATUSES.map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const tones = CERTIFICATE_STATUSES.map((status) =>
      canvas.getByText(status.toUpperCase()).getAttribute('data-tone'),
    );
    await expect(new Set(tones).size).toBe(CERTIFICATE_STATUSES.length);
  },
};

/** The generic statuses of users and clients: each its own colour, each named in text. */
export const GenericStatuses: Story = {
  render: () => (
    <div style={row}>
      {GENERIC_STATUSES.map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const tones = GENERIC_STATUSES.map((status) =>
      canvas.getByText(status.toUpperCase()).getAttribute('data-tone'),
    );
    await expect(new Set(tones).size).toBe(GENERIC_STATUSES.length);
  },
};

export const Pending: Story = { args: { status: 'pending' } };
export const Revoked: Story = {
  args: { status: 'revoked' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('REVOKED')).toHaveAttribute('data-tone', STATUS_TONE.revoked);
  },
};

/** The users list shows 'Active'/'Inactive' (docs/requirements.md#screens) with the same colours. */
export const CustomText: Story = {
  args: { status: 'inactive', children: 'Inactive' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Inactive')).toHaveAttribute('data-status', 'inactive');
  },
};
