import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { MESSAGES } from '../../../contract';
import { LICENSE_TERMS_MESSAGES } from '../../../contract/license-terms';
import {
  CERTIFICATE_DEFAULTS_TEXTS as TEXTS,
  LICENSE_TERMS_FIELDS as FIELDS,
} from '../../../contract/texts/license-terms';
import { createRequestSpy, toastWith, visible } from '../../../../.storybook/story-helpers';
import { certificateHandlers, createCertificateStore } from '../../../../mocks/handlers/certificates';
import { mockClients } from '../../../../mocks/fixtures/certificates';
import { certificateDefaultsFail } from '../../../../mocks/handlers/certificate-defaults';
import { CertificateDefaultsPanel } from './CertificateDefaultsPanel';

const { recorded, spyOn } = createRequestSpy();

/**
 * The owners' certificate defaults on the Settings page: a week's grace, a 30-day file lifetime and v2, unless a
 * story says otherwise. Owners change them; anyone else reads them.
 */
const meta = {
  title: 'Settings/Certificate defaults',
  component: CertificateDefaultsPanel,
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => {
    recorded.length = 0;
    const store = createCertificateStore(undefined, mockClients, {
      graceDays: 7,
      fileLifetimeDays: 30,
      licenseFormat: 'v2',
    });
    msw.use(spyOn('put', '/settings/certificate-defaults'), ...certificateHandlers(store));
  },
} satisfies Meta<typeof CertificateDefaultsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

export const AsOwner: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('textbox', { name: FIELDS.graceDays }));
    await expect(canvas.getByRole('textbox', { name: FIELDS.graceDays })).toHaveValue('7');
    await expect(canvas.getByRole('textbox', { name: FIELDS.fileLifetimeDays })).toHaveValue('30');
    await visible(() => canvas.getByText(TEXTS.formatDescription));
    await expect(canvas.getByRole('button', { name: new RegExp(TEXTS.licenseFormat) })).toHaveTextContent(
      'v2',
    );
  },
};

/** Anyone but an owner reads the defaults (the server lets every role read them) and cannot change them. */
export const AsANonOwner: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.readOnly));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: TEXTS.save })).toBeNull();
    await visible(() => canvas.getByText('30'));
  },
};

/** Saved: the three values in one call, then the toast. */
export const Save: Story = {
  play: async ({ canvas, userEvent }) => {
    const grace = await canvas.findByRole('textbox', { name: FIELDS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '14');
    await userEvent.clear(canvas.getByRole('textbox', { name: FIELDS.fileLifetimeDays }));
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(TEXTS.licenseFormat) }));
    await userEvent.click(await screen.findByRole('option', { name: TEXTS.formatOptions.v1 }));
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.save }));
    await toastWith(TEXTS.toasts.saved.title, TEXTS.toasts.saved.description);
    await expect(recorded.at(-1)?.body).toEqual({
      graceDays: 14,
      fileLifetimeDays: null,
      licenseFormat: 'v1',
    });
    await waitFor(() => expect(field('graceDays')?.value).toBe('14'));
  },
};

/** Out of range: the contract's texts on the fields, nothing sent. */
export const OutOfRange: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const grace = await canvas.findByRole('textbox', { name: FIELDS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '500');
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.save }));
    await visible(() => canvas.getByText(LICENSE_TERMS_MESSAGES.graceDays));
    await expect(recorded).toHaveLength(0);
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(certificateDefaultsFail()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(MESSAGES.internal));
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};
