import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS, type Certificate, type RoleName } from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import { buttonsOf, catchDownloads, visible } from '../../../.storybook/story-helpers';
import {
  activeCertificate,
  distributedCertificate,
  expiredCertificate,
  pendingCertificate,
  revokedCertificate,
} from '../../../mocks/fixtures/certificates';
import { createMockCertificates } from '../../../mocks/fixtures/certificates';
import {
  certificateFailures,
  certificateHandlers,
  createCertificateStore,
} from '../../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../../mocks/handlers/dashboard';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  press,
  row,
  rowShows,
} from '../../../.storybook/areas/certificates';

// The buttons of a certificate's row (row-actions.ts) for each role and status, and the steps they take
// at once, without a dialog: activate and download.
const meta = {
  title: 'Certificates/Row actions',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------- row actions by role

const ACTIONS_BY_ROLE: Record<
  RoleName,
  Record<'pending' | 'active' | 'distributed' | 'expired' | 'revoked', string[]>
> = {
  owner: {
    pending: ['Edit', 'Activate', 'Delete', 'History'],
    active: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    distributed: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    expired: ['Renew', 'History'],
    revoked: ['History'],
  },
  admin: {
    pending: ['Edit', 'Activate', 'Delete', 'History'],
    active: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    distributed: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    expired: ['Renew', 'History'],
    revoked: ['History'],
  },
  editor: {
    pending: ['Edit', 'Activate', 'History'],
    active: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    distributed: ['Download', 'Renew', 'Transfer', 'Revoke', 'History'],
    expired: ['Renew', 'History'],
    revoked: ['History'],
  },
  viewer: {
    pending: ['History'],
    active: ['History'],
    distributed: ['History'],
    expired: ['History'],
    revoked: ['History'],
  },
};

const EXAMPLES: Record<keyof (typeof ACTIONS_BY_ROLE)['owner'], Certificate> = {
  pending: pendingCertificate,
  active: activeCertificate,
  distributed: distributedCertificate,
  expired: expiredCertificate,
  revoked: revokedCertificate,
};

const actionsFor = (role: RoleName): Story => ({
  tags: ['visual'],
  parameters: { session: { signedInAs: role } },
  play: async ({ canvas }) => {
    await findRow(canvas, pendingCertificate.serialNumber);
    for (const [status, certificate] of Object.entries(EXAMPLES) as [keyof typeof EXAMPLES, Certificate][]) {
      await expect({ status, actions: buttonsOf(await row(canvas, certificate.serialNumber)) }).toEqual({
        status,
        actions: ACTIONS_BY_ROLE[role][status],
      });
    }
    if (role === 'viewer')
      await expect(canvas.queryByRole('button', { name: TEXTS.generate })).not.toBeInTheDocument();
    else await visible(() => canvas.getByRole('button', { name: TEXTS.generate }));
  },
});

export const OwnerActions = actionsFor('owner');
export const AdminActions = actionsFor('admin');
export const EditorActions = actionsFor('editor');
export const ViewerActions = actionsFor('viewer');

// ---------------------------------------------------------------- the steps a row takes at once

export const Activate: Story = {
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(TEXTS.toasts.activated, 'Token generated successfully!');
    const activated = await findRow(canvas, pendingCertificate.serialNumber);
    await visible(() => activated.getByText('ACTIVE'));
    await expect(buttonsOf(activated)).toEqual(['Download', 'Renew', 'Transfer', 'Revoke', 'History']);
  },
};

export const ActivationFailed: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      certificateFailures.activate(
        'Cannot activate a certificate whose valid to date has passed; edit its dates first',
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.activate);
    await expectToast(
      TEXTS.toasts.activationFailed,
      'Cannot activate a certificate whose valid to date has passed; edit its dates first',
    );
  },
};

export const Download: Story = {
  play: async ({ canvas, userEvent }) => {
    const downloads = catchDownloads();
    try {
      await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.download);
      await expectToast(TEXTS.toasts.downloaded, TEXTS.toasts.downloadedDescription);
      await expect(downloads.saved.map((file) => file.fileName)).toEqual([
        `license-${activeCertificate.serialNumber}.json`,
      ]);
      const body = JSON.parse(await (await fetch(downloads.saved[0]?.href ?? '')).text()) as {
        serialNumber: string;
        format: string;
      };
      await expect(body).toMatchObject({
        serialNumber: activeCertificate.serialNumber,
        // Its grace period and file lifetime need v2.
        format: 'license-certificate/v2',
      });
    } finally {
      downloads.restore();
    }
    // The list reloads: the server made it distributed.
    await rowShows(canvas, activeCertificate.serialNumber, 'DISTRIBUTED');
  },
};

export const DownloadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(certificateFailures.download()),
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, activeCertificate.serialNumber, TEXTS.actions.download);
    await expectToast(TEXTS.toasts.downloadFailed, 'Failed to download certificate');
  },
};

// ---------------------------------------------------------------- narrower than every button

/** At 1024 px a row keeps its primary action and puts the others in one Actions menu, which still takes them. */
export const CollapsedIntoMenu: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'laptop' } },
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    const active = await findRow(canvas, activeCertificate.serialNumber);
    await expect(buttonsOf(active)).toEqual(['Download', 'Actions']);
    await userEvent.click(active.getByRole('button', { name: 'Actions' }));
    const menu = within(await screen.findByRole('menu'));
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Renew',
      'Transfer',
      'Revoke',
      'History',
    ]);
    await userEvent.click(menu.getByRole('menuitem', { name: TEXTS.actions.history }));
    // The dialog is in the page as the menu closes; it shows once the menu's focus hand-over is done.
    const history = await screen.findByRole('dialog', {
      name: TEXTS.history.title(activeCertificate.serialNumber),
    });
    await visible(() => history);
  },
};

/**
 * Machine serials of 20 characters with long client names at 1024 px: where the buttons have collapsed, a serial
 * may break after a hyphen, so the table fits its frame. On one line they made the bench's table 13 px
 * wider than its frame and cut the Actions menus.
 */
export const LongSerialsAtLaptopWidth: Story = {
  globals: { viewport: { value: 'laptop' } },
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => {
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
    const store = createCertificateStore(
      createMockCertificates().map((certificate, index) => ({
        ...certificate,
        serialNumber: `SN-${hex(0x11cffeaa + index)}-${hex(0xe67b70dc - index)}`,
        clientName: `${certificate.clientName} Post-Production Holdings`,
      })),
    );
    msw.use(...certificateHandlers(store), ...dashboardHandlers({ certificates: store.certificates }));
  },
  play: async ({ canvas }) => {
    const first = await findRow(canvas, 'SN-11CFFEAA-E67B70DC');
    const scroller = first
      .getByRole('link', { name: 'SN-11CFFEAA-E67B70DC' })
      .closest('[role="grid"]')!.parentElement!;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    await visible(() => first.getByRole('button', { name: 'Actions' }));
  },
};
