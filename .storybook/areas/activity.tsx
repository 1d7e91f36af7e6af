// What the Activity screen's story files share: the whole console opened at /activity (so a row's link opens the
// page it names, as in production), fresh mock data per story, and the queries they repeat.
import type { Meta } from '@storybook/react-vite';
import { within } from 'storybook/test';
import { ACTIVITY_TEXTS as TEXTS } from '../../src/contract';
import { consoleAtMeta, type ConsoleAt } from '../ConsoleAt';
import type { Canvas, MswContext } from '../story-helpers';
import { createDirectoryData } from '../../mocks/fixtures/users-clients';
import { certificateHandlers, createCertificateStore } from '../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../mocks/handlers/dashboard';
import { directoryHandlers } from '../../mocks/handlers/directory';

/** Fresh mock data per story: the log, the staff (the actor filter, user links) and the certificates (their pages). */
export const freshActivityData = ({ msw }: MswContext) => {
  msw.use(
    ...dashboardHandlers(),
    ...directoryHandlers(createDirectoryData()),
    ...certificateHandlers(createCertificateStore()),
  );
};

export const activityPageMeta = {
  ...consoleAtMeta('/activity', 'admin'),
  beforeEach: freshActivityData,
} satisfies Meta<typeof ConsoleAt>;

export const table = async (canvas: Canvas) =>
  within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));

/** The descriptions shown (each row's header), in order, once the table shows rows. */
export const descriptionsShown = async (canvas: Canvas) =>
  (await table(canvas)).queryAllByRole('rowheader').map((cell) => cell.textContent);
