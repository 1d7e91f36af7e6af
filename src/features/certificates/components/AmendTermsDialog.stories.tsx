import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../../contract';
import { LICENSE_TERMS_MESSAGES } from '../../../contract/license-terms';
import {
  LICENSE_TERMS_FIELDS as FIELDS,
  LICENSE_TERMS_TEXTS as TERMS,
} from '../../../contract/texts/license-terms';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { createRequestSpy, type Canvas, type UserEvent, visible } from '#storybook/story-helpers.tsx';
import { activeCertificate, distributedCertificate } from '#mocks/fixtures/certificates.ts';
import { certificatesPageMeta, expectToast } from '#storybook/areas/certificates.tsx';
import { certificatePath } from '../../../lib/routing/entity-paths';

const { recorded, spyOn } = createRequestSpy();

// Edit Terms (the `amend` action), opened from a certificate's own page as an editor does: the grace period and the
// licence file lifetime of a signed licence, which is signed again with them.
const meta = {
  title: 'Certificates/Edit Terms dialog',
  ...certificatesPageMeta,
  args: { path: certificatePath(activeCertificate.uuid) },
  beforeEach: (context) => {
    recorded.length = 0;
    certificatesPageMeta.beforeEach(context);
    context.msw.use(spyOn('put', `/certificates/${activeCertificate.uuid}/terms`));
  },
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const openEditTerms = async (canvas: Canvas, userEvent: UserEvent) => {
  const bar = within(await canvas.findByRole('group', { name: TEXTS.detail.actionsLabel }));
  await userEvent.click(bar.getByRole('button', { name: TERMS.editTerms }));
  return within(await screen.findByRole('dialog', { name: TERMS.amend.title }));
};
const details = (canvas: Canvas) => within(canvas.getByRole('region', { name: TEXTS.detail.detailsHeading }));

/** The dialog starts with the certificate's own terms: 14 days' grace, a 30-day lifetime. */
export const Prefilled: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditTerms(canvas, userEvent);
    await visible(() => dialog.getByText(TERMS.amend.message(activeCertificate.serialNumber)));
    await expect(dialog.getByRole('textbox', { name: FIELDS.graceDays })).toHaveValue('14');
    await expect(dialog.getByRole('textbox', { name: FIELDS.fileLifetimeDays })).toHaveValue('30');
  },
};

/** Saved: the toast, the dialog closes and the page shows the new terms and the licence signed again. */
export const SaveNewTerms: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditTerms(canvas, userEvent);
    const grace = dialog.getByRole('textbox', { name: FIELDS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '30');
    await userEvent.clear(dialog.getByRole('textbox', { name: FIELDS.fileLifetimeDays }));
    await userEvent.click(dialog.getByRole('button', { name: TERMS.amend.confirm }));
    await expectToast(TERMS.toasts.amended, TERMS.toasts.amendedDescription(activeCertificate.serialNumber));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(recorded.at(-1)?.body).toEqual({ graceDays: 30, fileLifetimeDays: null });
    await visible(() => details(canvas).getByText(TERMS.detail.noLifetime));
    await visible(() => details(canvas).getByText(TERMS.detail.graceDays(30, 'Feb 19, 2025')));
    // The newest record names the change (its arrows are drawn as icons, read as "to").
    const history = within(
      canvas.getByRole('list', { name: TEXTS.history.title(activeCertificate.serialNumber) }),
    );
    await waitFor(() =>
      expect(history.getAllByRole('listitem')[0]).toHaveTextContent(
        /Licence terms changed: grace 14 .*30 days; file lifetime 30 days .*none; licence signed again/,
      ),
    );
  },
};

/** Out of range: the contract's texts on the fields, nothing sent. */
export const OutOfRange: Story = {
  tags: ['visual'],
  args: { path: certificatePath(distributedCertificate.uuid) },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditTerms(canvas, userEvent);
    const grace = dialog.getByRole('textbox', { name: FIELDS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '366');
    const lifetime = dialog.getByRole('textbox', { name: FIELDS.fileLifetimeDays });
    await userEvent.clear(lifetime);
    await userEvent.type(lifetime, '4000');
    await userEvent.click(dialog.getByRole('button', { name: TERMS.amend.confirm }));
    await visible(() => dialog.getByText(LICENSE_TERMS_MESSAGES.graceDays));
    await visible(() => dialog.getByText(LICENSE_TERMS_MESSAGES.fileLifetimeDays));
    await expect(recorded).toHaveLength(0);
  },
};

/** A viewer sees the terms on the page but no Edit Terms. */
export const NotForAViewer: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: activeCertificate.serialNumber });
    await visible(() => details(canvas).getByText(TERMS.detail.lifetimeDays(30)));
    await expect(canvas.queryByRole('button', { name: TERMS.editTerms })).toBeNull();
  },
};
