import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, spyOn, waitFor, within } from 'storybook/test';
import {
  CERTIFICATES_TEXTS as TEXTS,
  LICENSE_CHECK_TEXTS,
  NOT_FOUND_TEXTS,
  VALIDATE_LICENSE_TEXTS,
} from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import { pageLoadFailsOnce, pageLoading, type Canvas, visible } from '../../../.storybook/story-helpers';
import {
  MOCK_KEY_ID,
  activeCertificate,
  createMockCertificates,
  distributedCertificate,
  expiredCertificate,
  mockCertificates,
  pendingCertificate,
} from '../../../mocks/fixtures/certificates';
import { LICENSE_TERMS_TEXTS as TERMS } from '../../contract/texts/license-terms';
import { certificateHandlers, createCertificateStore } from '../../../mocks/handlers/certificates';
import { transferredPair } from '../../../mocks/fixtures/certificates';
import { certificatePath } from '../../lib/routing/entity-paths';
import { certificatesPageMeta, expectToast, findRow } from '../../../.storybook/areas/certificates';

// A certificate's own page, /certificates/{id}: each state the server can put it in.
const meta = {
  title: 'Certificates/Certificate page',
  ...certificatesPageMeta,
  args: { path: certificatePath(activeCertificate.uuid) },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: activeCertificate.serialNumber }));
    const details = within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));
    await visible(() => details.getByText('ACTIVE'));
    // Its terms and its machines' last check-in (14 days' grace, a 30-day file lifetime).
    await visible(() => details.getByText(TERMS.detail.graceDays(14, 'Feb 3, 2025')));
    await visible(() => details.getByText(TERMS.detail.lifetimeDays(30)));
    await visible(() =>
      details.getByText(
        TERMS.detail.checkInFrom('Jan 13, 2025, 12:00 PM UTC', 'render-02.acme.test', '4.2.1'),
      ),
    );
    await expect(details.queryByText(TERMS.badges.overdue)).toBeNull();
    const license = within(canvas.getByRole('region', { name: TEXTS.detail.licenseHeading }));
    await visible(() => license.getByText(TERMS.detail.formatNames.v2));
    // The file lasts 30 days from its last signing, the check-in, but never past the grace end.
    await visible(() => license.getByText('Feb 3, 2025, 12:00 PM UTC'));
    await expect(details.getByRole('link', { name: activeCertificate.clientName })).toHaveAttribute(
      'href',
      `/clients/${activeCertificate.clientId}`,
    );
    const history = await canvas.findByRole('list', {
      name: TEXTS.history.title(activeCertificate.serialNumber),
    });
    await expect(within(history).getAllByRole('listitem').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(document.title).toBe(`${activeCertificate.serialNumber} · Certificates · License Console`),
    );
  },
};

/** Machines that have not checked in within the file lifetime: Overdue beside the last check-in. */
export const CheckInOverdue: Story = {
  tags: ['visual'],
  args: { path: certificatePath(distributedCertificate.uuid) },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: distributedCertificate.serialNumber }));
    const details = within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));
    await visible(() => details.getByText(TERMS.badges.overdue));
    await visible(() => details.getByText(TERMS.detail.lifetimeDays(7)));
    await visible(() =>
      details.getByText(TERMS.detail.checkInFrom('Jan 3, 2025, 12:00 PM UTC', 'edit-bay-3', '4.1.0')),
    );
  },
};

/** Ended, but within its grace period: the machines still work, so the grace end shows beside Expired. */
export const ExpiredInGrace: Story = {
  tags: ['visual'],
  args: { path: certificatePath(expiredCertificate.uuid) },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: expiredCertificate.serialNumber }));
    const details = within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));
    await visible(() => details.getByText('EXPIRED'));
    await visible(() => details.getByText(TERMS.badges.graceUntil('Feb 9, 2025')));
    await visible(() => details.getByText(TERMS.detail.never));
  },
};

/** An expired certificate whose grace has ended too: no grace badge. */
export const ExpiredPastGrace: Story = {
  args: { path: certificatePath(mockCertificates[10]!.uuid) },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: mockCertificates[10]!.serialNumber }));
    const details = within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));
    await visible(() => details.getByText('EXPIRED'));
    await expect(details.queryByText(/^Grace until/)).toBeNull();
    const license = within(canvas.getByRole('region', { name: TEXTS.detail.licenseHeading }));
    await visible(() => license.getByText(TERMS.detail.formatNames.v1));
  },
};

export const Phone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: activeCertificate.serialNumber }));
    await canvas.findByRole('list', { name: TEXTS.history.title(activeCertificate.serialNumber) });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Loading: Story = pageLoading('/certificates/:id', TEXTS.detail.loading);

/** An id the server does not know: the console's Not Found page. */
export const NotFound: Story = {
  args: { path: certificatePath('30000000-0000-4000-8000-999999999999') },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: NOT_FOUND_TEXTS.title }));
  },
};

/** A failed load: one banner with the server's message and Retry, which loads again. */
export const LoadFailed: Story = pageLoadFailsOnce('/certificates/:id', async (canvas) =>
  visible(() => canvas.getByRole('heading', { level: 1, name: activeCertificate.serialNumber })),
);

/** A transferred certificate links to the one it became, whose page links back. */
export const Transferred: Story = {
  beforeEach: ({ msw }) => {
    const { old, moved, records } = transferredPair();
    const store = createCertificateStore([moved, old, ...createMockCertificates()]);
    for (const [id, list] of records) store.records.set(id, list);
    msw.use(...certificateHandlers(store));
  },
  args: { path: certificatePath(transferredPair().old.uuid) },
  play: async ({ canvas, userEvent }) => {
    const { old, moved } = transferredPair();
    await canvas.findByRole('heading', { level: 1, name: old.serialNumber });
    await userEvent.click(
      await canvas.findByRole('link', { name: TEXTS.history.transferredTo(moved.serialNumber) }),
    );
    await visible(() => canvas.getByRole('heading', { level: 1, name: moved.serialNumber }));
    await visible(() => canvas.getByRole('link', { name: TEXTS.history.transferredFrom(old.serialNumber) }));
  },
};

export const CopySerial: Story = {
  play: async ({ canvas, userEvent }) => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.detail.copySerial }));
    await expect(write).toHaveBeenCalledWith(activeCertificate.serialNumber);
    await expectToast(TEXTS.detail.copied, TEXTS.detail.copiedDescription(activeCertificate.serialNumber));
    write.mockRestore();
  },
};

/** The list's serial numbers open their certificate's page. */
export const OpenedFromTheList: Story = {
  args: { path: '/certificates' },
  play: async ({ canvas, userEvent }) => {
    const row = await findRow(canvas, activeCertificate.serialNumber);
    await userEvent.click(row.getByRole('link', { name: activeCertificate.serialNumber }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: activeCertificate.serialNumber }));
  },
};

const actionBar = async (canvas: Canvas) =>
  within(await canvas.findByRole('group', { name: TEXTS.detail.actionsLabel }));
const buttonNames = (group: Canvas) =>
  group.getAllByRole('button').map((button: HTMLElement) => button.textContent);

/** The steps the status allows for the role, as on the list's row (History is the page's timeline). */
export const ActionsForAnEditor: Story = {
  play: async ({ canvas }) => {
    const bar = await actionBar(canvas);
    await expect(buttonNames(bar)).toEqual([
      TEXTS.actions.download,
      TEXTS.actions.renew,
      TEXTS.actions.transfer,
      TERMS.editTerms,
      TEXTS.actions.revoke,
    ]);
    const license = within(canvas.getByRole('region', { name: TEXTS.detail.licenseHeading }));
    await visible(() => license.getByText(MOCK_KEY_ID));
  },
};

/** A viewer reads the page and validates the licence, but takes no step. */
export const ForAViewer: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: activeCertificate.serialNumber });
    await expect(canvas.queryByRole('group', { name: TEXTS.detail.actionsLabel })).toBeNull();
    await visible(() => canvas.getByRole('button', { name: TEXTS.detail.validateLicense }));
  },
};

/** The stored licence checked by the server: the verdict shows on the page. */
export const ValidateItsLicense: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.detail.validateLicense }));
    const verdict = await canvas.findByRole('status', { name: VALIDATE_LICENSE_TEXTS.verdict });
    await expect(verdict).toHaveTextContent(`${VALIDATE_LICENSE_TEXTS.validTitle}: VALID`);
    await expect(verdict).toHaveTextContent(LICENSE_CHECK_TEXTS.VALID);
  },
};

/** A pending certificate has no licence until it is activated here; then the licence panel shows its key. */
export const ActivateAPendingOne: Story = {
  args: { path: certificatePath(pendingCertificate.uuid) },
  play: async ({ canvas, userEvent }) => {
    const license = within(await canvas.findByRole('region', { name: TEXTS.detail.licenseHeading }));
    await visible(() => license.getByText(TEXTS.detail.notSigned));
    await userEvent.click((await actionBar(canvas)).getByRole('button', { name: TEXTS.actions.activate }));
    await expectToast(TEXTS.toasts.activated);
    const details = within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));
    await visible(() => details.getByText('ACTIVE'));
    // The panel starts afresh for the new licence.
    const signed = within(canvas.getByRole('region', { name: TEXTS.detail.licenseHeading }));
    await visible(() => signed.getByText(MOCK_KEY_ID));
  },
};

/** Deleting from the page asks first, naming the certificate, then goes back to the list. */
export const DeleteGoesBackToTheList: Story = {
  args: { path: certificatePath(pendingCertificate.uuid) },
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click((await actionBar(canvas)).getByRole('button', { name: TEXTS.actions.delete }));
    const question = await screen.findByRole('alertdialog', {
      name: TEXTS.delete.title(pendingCertificate.serialNumber),
    });
    await expect(question).toHaveTextContent(TEXTS.delete.message);
    await userEvent.click(within(question).getByRole('button', { name: TEXTS.delete.confirm }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    await expect(canvas.queryByText(pendingCertificate.serialNumber)).toBeNull();
  },
};
