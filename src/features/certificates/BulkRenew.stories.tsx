import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, within } from 'storybook/test';
import {
  CERTIFICATES_BULK_TEXTS as BULK,
  CERTIFICATES_TEXTS as TEXTS,
  DEFAULT_API_BASE,
  SELECTION_TEXTS,
} from '../../contract';
import type { ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  type Canvas,
  pointerAway,
  selectionBar as bar,
  type UserEvent,
  visible,
} from '../../../.storybook/story-helpers';
import { certificatesPageMeta, expectToast, findRow, rowShows } from '../../../.storybook/areas/certificates';

// Bulk renew from the certificates table's selection: "+1 month / +1 year" from each end, or one date.
const meta = {
  title: 'Certificates/Bulk renew',
  ...certificatesPageMeta,
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const sentBodies: unknown[] = [];

/** Selects SN-1002 (active), SN-1003 (distributed) and SN-1004 (expired): all three may be renewed. */
const selectThree = async (canvas: Canvas, userEvent: UserEvent) => {
  for (const serial of ['SN-1002', 'SN-1003', 'SN-1004'])
    await userEvent.click((await findRow(canvas, serial)).getByRole('checkbox'));
  await expect(
    bar()
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual([BULK.actions.renew, SELECTION_TEXTS.clear]);
  await userEvent.click(bar().getByRole('button', { name: BULK.actions.renew }));
  return within(await screen.findByRole('dialog', { name: BULK.renewTitle }));
};

export const BulkRenewDialog: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await selectThree(canvas, userEvent);
    await visible(() => dialog.getByText(BULK.renewMessage(3)));
    await expect(dialog.getByRole('radio', { name: BULK.renewPlusYear })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: BULK.renewToDate }));
    await visible(() => dialog.getByRole('group', { name: BULK.renewDate }));
    // "To one date" needs the date.
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.renew.confirm }));
    await visible(() => dialog.getByText(BULK.renewDateRequired));
    await pointerAway(userEvent);
  },
};

/**
 * "+1 month" sends `extendBy: {months: 1}`: the two in force are renewed; the expired one's end a month on is still
 * past, refused row by row with the server's words.
 */
export const BulkRenewByMonth: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    sentBodies.length = 0;
    msw.use(
      http.post(`${DEFAULT_API_BASE}/certificates/bulk`, async ({ request }) => {
        sentBodies.push(await request.clone().json());
        return undefined;
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await selectThree(canvas, userEvent);
    await userEvent.click(dialog.getByRole('radio', { name: BULK.renewPlusMonth }));
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.renew.confirm }));
    await expectToast(SELECTION_TEXTS.toastPartlyFailed);
    await visible(() => bar().getAllByText(SELECTION_TEXTS.outcome(BULK.done.renew, 2, 1))[0]);
    await expect(sentBodies).toEqual([expect.objectContaining({ action: 'renew', extendBy: { months: 1 } })]);
    await expect(
      within(bar().getByRole('list', { name: SELECTION_TEXTS.failedRowsLabel })).getByRole('listitem'),
    ).toHaveTextContent(/^SN-1004: Valid to date must be in the future/);
    await rowShows(canvas, 'SN-1003', 'ACTIVE');
    await pointerAway(userEvent);
  },
};
