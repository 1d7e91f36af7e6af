import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  CERTIFICATE_ERRORS,
  LICENSE_CHECK_TEXTS,
  LICENSE_MESSAGES,
  VALIDATE_LICENSE_TEXTS as TEXTS,
} from '../../../contract';
import {
  activeCertificate,
  mockCertificates,
  mockLicenseFile,
  revokedCertificate,
} from '#mocks/fixtures/certificates.ts';
import { validateLicenseFails } from '#mocks/handlers/licensing.ts';
import { visible, type UserEvent } from '#storybook/story-helpers.tsx';
import { ValidateLicenseDialog } from './ValidateLicenseDialog';

const meta = {
  title: 'Certificates/Validate licence',
  // The title is prose; the id (and so every baseline's file name) uses the code's spelling (ADR 0020).
  id: 'certificates-validate-license',
  component: ValidateLicenseDialog,
  args: { isOpen: true, onOpenChange: fn() },
  parameters: { session: { signedInAs: 'viewer' } },
} satisfies Meta<typeof ValidateLicenseDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog's queries, afresh each time (the verdict and file name render more than once: `visible()` says why). */
const dialog = () => within(screen.getByRole('dialog', { name: TEXTS.title }));
/** Waits for the dialog to be on screen. */
const opened = () => visible(() => screen.getByRole('dialog', { name: TEXTS.title }));

/** Pastes (typing would read `{` as a key name) the text into the licence field and validates. */
async function validate(userEvent: UserEvent, text: string, serialNumber?: string) {
  await opened();
  await userEvent.click(dialog().getByRole('textbox', { name: TEXTS.license }));
  await userEvent.paste(text);
  if (serialNumber)
    await userEvent.type(dialog().getByRole('textbox', { name: TEXTS.serialNumber }), serialNumber);
  await userEvent.click(dialog().getByRole('button', { name: TEXTS.validate }));
}

/** The verdict on screen, queried afresh: it renders again when a late keystroke or a second submit lands. */
const verdict = () => within(screen.getByRole('status', { name: TEXTS.verdict }));

/** Waits until the verdict shows `text` (a string, or a matcher's options) on screen. */
const verdictShows = (text: string, options?: { exact: boolean }) =>
  visible(() => verdict().getByText(text, options));

export const Open: Story = {
  tags: ['visual'],
  play: async () => {
    await opened();
    await visible(() => dialog().getByText(TEXTS.intro));
    await visible(() => dialog().getByRole('button', { name: TEXTS.chooseFile }));
  },
};

export const Valid: Story = {
  tags: ['visual'],
  play: async ({ userEvent }) => {
    await validate(
      userEvent,
      JSON.stringify(mockLicenseFile(activeCertificate)),
      activeCertificate.serialNumber,
    );
    await expect(await verdictShows(`${TEXTS.validTitle}:`, { exact: false })).toHaveTextContent(
      `${TEXTS.validTitle}: VALID`,
    );
    await verdictShows(LICENSE_CHECK_TEXTS.VALID);
    await verdictShows(`${activeCertificate.serialNumber} · ${activeCertificate.clientName}`);
  },
};

export const Revoked: Story = {
  tags: ['visual'],
  play: async ({ userEvent }) => {
    await validate(userEvent, JSON.stringify(mockLicenseFile(revokedCertificate)));
    await expect(await verdictShows(`${TEXTS.invalidTitle}:`, { exact: false })).toHaveTextContent(
      `${TEXTS.invalidTitle}: REVOKED`,
    );
    await verdictShows(LICENSE_CHECK_TEXTS.REVOKED);
  },
};

// SN-1011: ended months ago with no grace (SN-1004, the first expired one, is still in its grace: GRACE).
const pastItsGrace = mockCertificates.find((c) => c.serialNumber === 'SN-1011')!;

export const Expired: Story = {
  play: async ({ userEvent }) => {
    await validate(userEvent, JSON.stringify(mockLicenseFile(pastItsGrace)));
    await verdictShows(LICENSE_CHECK_TEXTS.EXPIRED);
  },
};

export const AnotherMachine: Story = {
  play: async ({ userEvent }) => {
    await validate(userEvent, JSON.stringify(mockLicenseFile(activeCertificate)), 'SN-OTHER');
    await verdictShows('SERIAL_MISMATCH');
    await verdictShows(LICENSE_CHECK_TEXTS.SERIAL_MISMATCH);
  },
};

export const Tampered: Story = {
  play: async ({ userEvent }) => {
    await validate(userEvent, JSON.stringify({ ...mockLicenseFile(activeCertificate), signature: 'forged' }));
    await verdictShows(LICENSE_CHECK_TEXTS.SIGNATURE_INVALID);
  },
};

export const Malformed: Story = {
  play: async ({ userEvent }) => {
    await validate(userEvent, '{"format":"something else"}');
    await verdictShows('MALFORMED');
    await verdictShows(LICENSE_CHECK_TEXTS.MALFORMED);
  },
};

export const NotJson: Story = {
  tags: ['visual'],
  play: async ({ userEvent }) => {
    await validate(userEvent, 'this is not a licence');
    await visible(() => dialog().getByText(TEXTS.notJson));
    await expect(dialog().queryByRole('status', { name: TEXTS.verdict })).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  play: async ({ userEvent }) => {
    await opened();
    await userEvent.click(dialog().getByRole('button', { name: TEXTS.validate }));
    await visible(() => dialog().getByText(LICENSE_MESSAGES.licenseRequired));
  },
};

export const ChooseFile: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await opened();
    const file = new File(
      [JSON.stringify(mockLicenseFile(activeCertificate))],
      `license-${activeCertificate.serialNumber}.json`,
      { type: 'application/json' },
    );
    const input = canvasElement.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await visible(() => dialog().getByText(TEXTS.fileRead(file.name)));
    await waitFor(() =>
      expect(dialog().getByRole('textbox', { name: TEXTS.license })).toHaveValue(
        JSON.stringify(mockLicenseFile(activeCertificate)),
      ),
    );
    await userEvent.click(dialog().getByRole('button', { name: TEXTS.validate }));
    await verdictShows(LICENSE_CHECK_TEXTS.VALID);
  },
};

export const CallFails: Story = {
  beforeEach: ({ msw }) => msw.use(validateLicenseFails()),
  play: async ({ userEvent }) => {
    await validate(userEvent, JSON.stringify(mockLicenseFile(activeCertificate)));
    await waitFor(() => expect(dialog().getByRole('alert')).toHaveTextContent(CERTIFICATE_ERRORS.validate));
  },
};

export const Closes: Story = {
  play: async ({ args, userEvent }) => {
    await opened();
    await userEvent.click(dialog().getByRole('button', { name: TEXTS.close }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
