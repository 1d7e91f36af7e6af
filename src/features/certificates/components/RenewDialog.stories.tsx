import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CERTIFICATES_TEXTS as TEXTS,
  DEFAULT_API_BASE,
  RENEWAL_MESSAGES,
  type Certificate,
} from '../../../contract';
import type { ConsoleAt } from '#storybook/ConsoleAt.tsx';
import { buttonsOf, pointerAway, type Canvas, type UserEvent, visible } from '#storybook/story-helpers.tsx';
import {
  activeCertificate,
  distributedCertificate,
  expiredCertificate,
} from '#mocks/fixtures/certificates.ts';
import {
  certificatesPageMeta,
  expectToast,
  findRow,
  press,
  rowShows,
} from '#storybook/areas/certificates.tsx';
import { LICENSE_TERMS_FIELDS } from '../../../contract/texts/license-terms';

// The Renew dialog, opened from a row as an editor does: quick choices, seats, before → after, and the
// server's refusals on their fields.
const meta = {
  title: 'Certificates/Renew dialog',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const R = TEXTS.renew;

const openRenew = async (canvas: Canvas, userEvent: UserEvent, certificate: Certificate) => {
  await press(canvas, userEvent, certificate.serialNumber, TEXTS.actions.renew);
  return within(await screen.findByRole('dialog', { name: R.title }));
};
/** The before → after lines, as read (the arrow is an icon read as "to": "Valid toJan 20, 2025 to Jan 20, 2026"). */
const changesOf = (dialog: ReturnType<typeof within>) =>
  [...dialog.getByLabelText(R.changesLabel).children].map((pair) => pair.textContent);

/** +1 year is chosen at first, the counts prefilled; each choice shows its end before → after at once. */
export const RenewQuickChoices: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRenew(canvas, userEvent, activeCertificate);
    await expect(dialog.getByRole('radio', { name: R.plusYear })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.studioCount })).toHaveValue('3');
    await expect(dialog.getByRole('textbox', { name: TEXTS.form.userCount })).toHaveValue('15');
    await expect(changesOf(dialog)).toEqual([
      'Valid toJan 20, 2025 to Jan 20, 2026',
      'Studios3 (unchanged)',
      'Users15 (unchanged)',
      'Grace period14 days (unchanged)',
      'Licence file lifetime30 days (unchanged)',
    ]);
    await userEvent.click(dialog.getByRole('radio', { name: R.plusMonth }));
    await expect(changesOf(dialog)[0]).toBe('Valid toJan 20, 2025 to Feb 20, 2025');
    // "To a date" asks for the day; until one is chosen the end is open.
    await userEvent.click(dialog.getByRole('radio', { name: R.toDate }));
    await visible(() => dialog.getByRole('group', { name: R.validTo }));
    await expect(changesOf(dialog)[0]).toBe('Valid toJan 20, 2025 to …');
    await userEvent.click(dialog.getByRole('radio', { name: R.plusYear }));
    await pointerAway(userEvent);
  },
};

/** More users with a year's renewal: the toast names the new end, the row is active, History says what changed. */
export const RenewWithSeats: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRenew(canvas, userEvent, distributedCertificate);
    const users = dialog.getByRole('textbox', { name: TEXTS.form.userCount });
    await userEvent.clear(users);
    await userEvent.type(users, '25');
    await userEvent.tab();
    await expect(changesOf(dialog)).toEqual([
      'Valid toFeb 9, 2025 to Feb 9, 2026',
      'Studios1 (unchanged)',
      'Users20 to 25',
      'Grace periodNone (unchanged)',
      'Licence file lifetime7 days (unchanged)',
    ]);
    await pointerAway(userEvent);
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    await expectToast(TEXTS.toasts.renewed, TEXTS.toasts.renewedDescription('SN-1003', 'Feb 9, 2026'));
    const renewed = await findRow(canvas, 'SN-1003');
    await visible(() => renewed.getByText('ACTIVE'));
    await visible(() => renewed.getByText('1 studio, 25 users'));
    await userEvent.click(renewed.getByRole('button', { name: TEXTS.actions.history }));
    const history = within(await screen.findByRole('dialog', { name: TEXTS.history.title('SN-1003') }));
    await visible(() =>
      history.getByRole('gridcell', {
        name: 'Renewed: Valid to Feb 9, 2025 to Feb 9, 2026; users 20 to 25',
      }),
    );
  },
};

/** A lapsed licence is renewed from today, and offers Renew and History only. */
export const RenewExpired: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(buttonsOf(await findRow(canvas, expiredCertificate.serialNumber))).toEqual([
      TEXTS.actions.renew,
      TEXTS.actions.history,
    ]);
    const dialog = await openRenew(canvas, userEvent, expiredCertificate);
    await expect(changesOf(dialog)[0]).toBe('Valid toDec 11, 2024 to Jan 15, 2026');
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    await expectToast(TEXTS.toasts.renewed);
    await rowShows(canvas, expiredCertificate.serialNumber, 'ACTIVE');
  },
};

/** The server refuses the end (someone renewed it meanwhile): its words under the choice, the dialog stays. */
export const RenewRefusedByServer: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) =>
    msw.use(
      http.post(`${DEFAULT_API_BASE}/certificates/:id/renew`, () =>
        HttpResponse.json(
          {
            message: RENEWAL_MESSAGES.validToNotLater,
            code: 'VALIDATION_FAILED',
            errors: { validTo: RENEWAL_MESSAGES.validToNotLater },
          },
          { status: 400 },
        ),
      ),
    ),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRenew(canvas, userEvent, activeCertificate);
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    await expectToast(TEXTS.toasts.renewFailed);
    await visible(() => dialog.getByText(RENEWAL_MESSAGES.validToNotLater));
    await expect(dialog.getByRole('radiogroup', { name: R.periodLabel })).toHaveAttribute(
      'data-invalid',
      'true',
    );
    // Another choice clears it.
    await userEvent.click(dialog.getByRole('radio', { name: R.plusMonth }));
    await waitFor(() => expect(dialog.queryByText(RENEWAL_MESSAGES.validToNotLater)).not.toBeInTheDocument());
    await userEvent.click(dialog.getByRole('radio', { name: R.plusYear }));
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    await visible(() => dialog.getByText(RENEWAL_MESSAGES.validToNotLater));
    await pointerAway(userEvent);
  },
};

/** Fewer seats on a licence already downloaded: refused on that count's field, saying why. */
export const SeatsLoweredRefused: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRenew(canvas, userEvent, distributedCertificate);
    const users = dialog.getByRole('textbox', { name: TEXTS.form.userCount });
    await userEvent.clear(users);
    await userEvent.type(users, '10');
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    const message = RENEWAL_MESSAGES.seatsLowered('User count', 20);
    await visible(() => dialog.getByText(message));
    await expect(users).toHaveAttribute('aria-invalid', 'true');
    await visible(() => screen.getByRole('dialog', { name: R.title }));
    await pointerAway(userEvent);
  },
};

/** New terms with the renewal: sent only when changed, shown before → after, and named in History. */
export const RenewWithNewTerms: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openRenew(canvas, userEvent, distributedCertificate);
    const grace = dialog.getByRole('textbox', { name: LICENSE_TERMS_FIELDS.graceDays });
    await userEvent.clear(grace);
    await userEvent.type(grace, '30');
    // A number field takes what was typed when it loses the focus.
    await userEvent.tab();
    await expect(changesOf(dialog)[3]).toBe('Grace periodNone to 30 days');
    await userEvent.click(dialog.getByRole('button', { name: R.confirm }));
    await expectToast(TEXTS.toasts.renewed, TEXTS.toasts.renewedDescription('SN-1003', 'Feb 9, 2026'));
    await press(canvas, userEvent, 'SN-1003', TEXTS.actions.history);
    const history = within(await screen.findByRole('dialog', { name: TEXTS.history.title('SN-1003') }));
    await waitFor(() =>
      expect(history.getAllByRole('row')[1]).toHaveTextContent(/Renewed: .+; grace 0 .*30 days/),
    );
  },
};
