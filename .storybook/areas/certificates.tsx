// What the certificates story files share (the page's, the row actions' and each dialog's): their meta,
// the table's queries, the row's buttons, toasts and caught downloads. Not a story file itself.
import type { Meta } from '@storybook/react-vite';
import { screen, within } from 'storybook/test';
import { CERTIFICATES_TEXTS as TEXTS } from '../../src/contract';
import { consoleAtMeta, type ConsoleAt } from '../ConsoleAt';
import { visible, type Canvas, type UserEvent } from '../story-helpers';
import {
  activeClientsPicker,
  certificateHandlers,
  createCertificateStore,
} from '../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../mocks/handlers/dashboard';

/**
 * What every certificates story file's meta holds beside its title: the whole console at /certificates as
 * an editor sees it, so a play function opens each dialog from the page as a user does, and a fresh list
 * per story, so what one story creates or revokes never shows in another.
 */
export const certificatesPageMeta = {
  ...consoleAtMeta('/certificates', 'editor'),
  // Beside the sidebar the rows show every button from 1440 px (docs/adr/0022-sidebar-shell.md); a story about a
  // narrower window names its own.
  globals: { viewport: { value: 'wide' } },
  beforeEach: ({ msw }) => {
    const store = createCertificateStore();
    msw.use(
      activeClientsPicker(),
      ...certificateHandlers(store),
      ...dashboardHandlers({ certificates: store.certificates }),
    );
  },
} satisfies Meta<typeof ConsoleAt>;

export const table = async (canvas: Canvas) =>
  within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
export const row = async (canvas: Canvas, serialNumber: string) =>
  within((await table(canvas)).getByRole('row', { name: new RegExp(`^${serialNumber}\\b`) }));
export const findRow = async (canvas: Canvas, serialNumber: string) => {
  const grid = await table(canvas);
  return within(await grid.findByRole('row', { name: new RegExp(`^${serialNumber}\\b`) }));
};
/** Waits until the certificate's row shows `text`, looking the row up afresh: a reload re-renders the rows. */
export const rowShows = (canvas: Canvas, serialNumber: string, text: string) =>
  visible(() =>
    within(
      within(canvas.getByRole('grid', { name: TEXTS.tableLabel })).getByRole('row', {
        name: new RegExp(`^${serialNumber}\\b`),
      }),
    ).getByText(text),
  );
export const serialsShown = async (canvas: Canvas) =>
  (await table(canvas)).queryAllByRole('rowheader').map((header) => header.textContent);

export const expectToast = async (title: string, description?: string) => {
  await visible(() => screen.getByText(title));
  if (description) await visible(() => screen.getByText(description));
};

/** Presses the `action` button of the certificate's row. */
export const press = async (canvas: Canvas, userEvent: UserEvent, serialNumber: string, action: string) =>
  userEvent.click((await findRow(canvas, serialNumber)).getByRole('button', { name: action }));
