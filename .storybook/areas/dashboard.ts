// What the dashboard's story files share: the mock data each story starts from and the queries on its tables.
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import type { z } from 'zod';
import { DASHBOARD_TEXTS, DEFAULT_API_BASE, type expirationResponseSchema } from '../../src/contract';
import { ConsoleAt } from '../ConsoleAt';
import type { Canvas, MswContext } from '../story-helpers';
import { certificateHandlers, createCertificateStore } from '../../mocks/handlers/certificates';
import { dashboardHandlers } from '../../mocks/handlers/dashboard';

/** The `beforeEach` of the dashboard stories: a fresh certificate store per story, and the dashboard's calls over it. */
export const freshDashboard = ({ msw }: MswContext) => {
  const store = createCertificateStore();
  msw.use(...certificateHandlers(store), ...dashboardHandlers({ certificates: store.certificates }));
};

/** The meta fields of every dashboard story file: the whole console at `/` as an editor, over a fresh store. */
export const dashboardAsEditor = {
  component: ConsoleAt,
  args: { path: '/' },
  parameters: { layout: 'fullscreen', router: 'none', session: { signedInAs: 'editor' } },
  beforeEach: freshDashboard,
} as const;

/** The table with this accessible name, once it shows, as queries within it. */
export const tableNamed = async (canvas: Canvas, name: string) =>
  within(await canvas.findByRole('table', { name }));

/** The texts of each body row's cells in the table with this accessible name, row by row. */
export const rowsOf = async (canvas: Canvas, name: string) =>
  (await tableNamed(canvas, name))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('[role="rowheader"], [role="cell"]')].map((cell) => cell.textContent),
    );

/** Waits until the Expiring Certificates table shows `count` rows. */
export const expiringShown = (canvas: Canvas, count: number) =>
  waitFor(async () => expect(await rowsOf(canvas, DASHBOARD_TEXTS.expiring)).toHaveLength(count));

/** A stand-in for `GET /dashboard/certificate-expiration`: `answer` gets the request's query and says the body. */
export const expirationAnswers = (
  answer: (query: URLSearchParams) => z.input<typeof expirationResponseSchema>,
) =>
  http.get(`${DEFAULT_API_BASE}/dashboard/certificate-expiration`, ({ request }) =>
    HttpResponse.json(answer(new URL(request.url).searchParams)),
  );
