import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import type { Canvas, UserEvent } from '#storybook/story-helpers.tsx';
import { pendingCertificate } from '#mocks/fixtures/certificates.ts';
import { certificateFailures } from '#mocks/handlers/certificates.ts';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  press,
  rowShows,
} from '#storybook/areas/certificates.tsx';
import { createRequestSpy, type MswContext, visible } from '#storybook/story-helpers.tsx';
import { certificateHandlers, createCertificateStore } from '#mocks/handlers/certificates.ts';
import { mockClients } from '#mocks/fixtures/certificates.ts';
import { LICENSE_TERMS_MESSAGES } from '../../../contract/license-terms';
import { LICENSE_TERMS_FIELDS as TERMS } from '../../../contract/texts/license-terms';

const { recorded, spyOn } = createRequestSpy();

// The create and edit form, opened from the certificates page as an editor does.
const meta = {
  title: 'Certificates/Certificate form',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const openCreate = async (canvas: Canvas, userEvent: UserEvent) => {
  await findRow(canvas, pendingCertificate.serialNumber);
  await userEvent.click(canvas.getByRole('button', { name: TEXTS.generate }));
  const dialog = within(await screen.findByRole('dialog', { name: TEXTS.form.createTitle }));
  return dialog;
};

const hiddenValue = (name: string) =>
  (document.querySelector(`input[name="${name}"]`) as HTMLInputElement | null)?.value;

export const CreateFormDefaults: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.studioCount })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.userCount })).toHaveValue('1');
    // Valid from today (the fixed clock: 15 January 2025) to one year later.
    await expect(hiddenValue('validFrom')).toBe('2025-01-15');
    await expect(hiddenValue('validTo')).toBe('2026-01-15');
    await expect(dialog.getByRole('combobox', { name: TEXTS.form.client })).toHaveValue('');
    // The owners' defaults of a new database: no grace, no lifetime.
    await expect(dialog.getByRole('textbox', { name: TERMS.graceDays })).toHaveValue('0');
    await expect(dialog.getByRole('textbox', { name: TERMS.fileLifetimeDays })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: TERMS.fileLifetimeDays })).toHaveAccessibleDescription(
      TERMS.fileLifetimeDaysDescription,
    );
  },
};

/** The owners chose a week's grace and a 30-day file lifetime: a new certificate starts with them. */
const withOwnersDefaults = ({ msw }: MswContext) => {
  recorded.length = 0;
  const store = createCertificateStore(undefined, mockClients, {
    graceDays: 7,
    fileLifetimeDays: 30,
    licenseFormat: 'v2',
  });
  msw.use(spyOn('post', '/certificates'), ...certificateHandlers(store));
};

export const CreateWithOwnersDefaults: Story = {
  tags: ['visual'],
  beforeEach: withOwnersDefaults,
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await waitFor(() => expect(dialog.getByRole('textbox', { name: TERMS.graceDays })).toHaveValue('7'));
    await expect(dialog.getByRole('textbox', { name: TERMS.fileLifetimeDays })).toHaveValue('30');
  },
};

/** Terms changed from the defaults are sent; a lifetime cleared is none (null). */
export const CreateWithItsOwnTerms: Story = {
  beforeEach: withOwnersDefaults,
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.click(dialog.getByRole('combobox', { name: TEXTS.form.client }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Animation' }));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }), 'SN-TERMS-1');
    await waitFor(() => expect(dialog.getByRole('textbox', { name: TERMS.graceDays })).toHaveValue('7'));
    const grace = dialog.getByRole('textbox', { name: TERMS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '14');
    await userEvent.clear(dialog.getByRole('textbox', { name: TERMS.fileLifetimeDays }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await expectToast(TEXTS.toasts.created, TEXTS.toasts.createdDescription('SN-TERMS-1'));
    await expect(recorded.at(-1)?.body).toMatchObject({ graceDays: 14, fileLifetimeDays: null });
  },
};

/** Terms out of range show the contract's texts on their fields, as the other fields' errors show. */
export const CreateTermsOutOfRange: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    const grace = dialog.getByRole('textbox', { name: TERMS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '400');
    const lifetime = dialog.getByRole('textbox', { name: TERMS.fileLifetimeDays });
    await userEvent.type(lifetime, '5000');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await visible(() => dialog.getByText(LICENSE_TERMS_MESSAGES.graceDays));
    await visible(() => dialog.getByText(LICENSE_TERMS_MESSAGES.fileLifetimeDays));
    await expect(grace).toHaveAttribute('aria-invalid', 'true');
  },
};

export const CreateValidationErrors: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.studioCount }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.userCount }));
    // Valid To a year before Valid From.
    const validTo = within(dialog.getByRole('group', { name: TEXTS.form.validTo }));
    const segments = validTo.getAllByRole('spinbutton');
    await userEvent.click(segments[segments.length - 1] as HTMLElement);
    await userEvent.keyboard('2024');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await visible(() => dialog.getByText('Client is required'));
    await visible(() => dialog.getByText('Serial number is required'));
    await visible(() => dialog.getByText('Studio count must be at least 1'));
    await visible(() => dialog.getByText('User count must be at least 1'));
    await visible(() => dialog.getByText('Valid to date must be after valid from date'));
  },
};

export const CreateCertificate: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    const client = dialog.getByRole('combobox', { name: TEXTS.form.client });
    await userEvent.click(client);
    // Only active clients are offered.
    // The list opens before the clients arrive ('No active clients found' meanwhile): wait for them.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Acme Animation', 'Blue Harbor Films', 'Cobalt Post']),
    );
    await userEvent.type(client, 'blue');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    await userEvent.click(screen.getByRole('option', { name: 'Blue Harbor Films' }));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }), 'SN-NEW-1');
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.notes }), '  spare workstation  ');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await expectToast(TEXTS.toasts.created, TEXTS.toasts.createdDescription('SN-NEW-1'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: TEXTS.form.createTitle })).not.toBeInTheDocument(),
    );
    const created = await findRow(canvas, 'SN-NEW-1');
    await visible(() => created.getByText('Blue Harbor Films'));
    await visible(() => created.getByText('PENDING'));
  },
};

export const CreateRefusedByTheServer: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(
      certificateFailures.createWithFieldErrors({
        serialNumber: 'Serial number SN-1002 already has a active certificate',
      }),
    ),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.click(dialog.getByRole('combobox', { name: TEXTS.form.client }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Animation' }));
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }), 'SN-1002');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.create }));
    await visible(() => dialog.getByText('Serial number SN-1002 already has a active certificate'));
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Said once, on the field: no toast.
    await expect(screen.queryByText(TEXTS.toasts.saveFailed)).not.toBeInTheDocument();
  },
};

export const EditCertificate: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.edit);
    const dialog = within(await screen.findByRole('dialog', { name: TEXTS.form.editTitle }));
    // The client of a certificate never changes.
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toHaveValue(
      pendingCertificate.clientName,
    );
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber })).toHaveValue(
      pendingCertificate.serialNumber,
    );
    const users = dialog.getByRole('textbox', { name: TEXTS.form.userCount });
    await userEvent.clear(users);
    await userEvent.type(users, '40');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.save }));
    await expectToast(TEXTS.toasts.updated, TEXTS.toasts.updatedDescription(pendingCertificate.serialNumber));
    await rowShows(canvas, pendingCertificate.serialNumber, '2 studios, 40 users');
  },
};

export const EditValidationErrors: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await press(canvas, userEvent, pendingCertificate.serialNumber, TEXTS.actions.edit);
    const dialog = within(await screen.findByRole('dialog', { name: TEXTS.form.editTitle }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.serialNumber }));
    await userEvent.clear(dialog.getByRole('textbox', { name: TEXTS.form.studioCount }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.form.save }));
    await visible(() => dialog.getByText('Serial number is required'));
    await visible(() => dialog.getByText('Studio count must be at least 1'));
    // Nothing was sent: the dialog stays open with the certificate's own client.
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.client })).toHaveValue(
      pendingCertificate.clientName,
    );
  },
};
