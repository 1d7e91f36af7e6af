// What the page stories of every feature share: probes to render beside a page, a spy on
// its requests, and the queries their play functions repeat. One copy here, so each story file holds
// only its own stories.
import type { Decorator, StoryContext } from '@storybook/react-vite';
import { delay, http, type RequestHandler } from 'msw';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { expect, screen, spyOn, waitFor, within, type userEvent } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  DEFAULT_API_BASE,
  LAYOUT_TEXTS,
  LIST_TEXTS,
  NAV_ITEMS,
  ROUTE_ACCESS,
  SELECTION_TEXTS,
  type RoleName,
} from '../src/contract';
import { viewportSize } from './viewports';
import { createDirectoryData } from '../mocks/fixtures/users-clients';
import { directoryHandlers } from '../mocks/handlers/directory';
import { errorResponse } from '../mocks/handlers/directory-common';

/** The queries of a story's canvas, or of any element wrapped by `within`. */
export type Canvas = ReturnType<typeof within>;
/**
 * What a story's `beforeEach` receives that a helper needs: msw's worker (msw-storybook-addon puts it on the
 * context), to add a story's own handlers before the defaults.
 */
export type MswContext = Pick<StoryContext, 'msw'>;
/** The `userEvent` a play function receives. */
export type UserEvent = ReturnType<typeof userEvent.setup>;

/** Shows where the page put its filters, so a story can check the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `LocationProbe` after the story; read it with `address`. */
export const withLocation: Decorator[] = [
  (Story) => (
    <>
      <Story />
      <LocationProbe />
    </>
  ),
];

/** What stands in for the dashboard beside a page alone, so a story can see that a button led there. */
export const DASHBOARD_REACHED = 'Dashboard reached';

/** `page` alone at `path`, with a stand-in for the dashboard at '/' (`DASHBOARD_REACHED`) for its buttons to lead to. */
export function BesideDashboard({ path, page }: { path: string; page: ReactNode }) {
  return (
    <Routes>
      <Route path={path} element={page} />
      <Route path="/" element={<p>{DASHBOARD_REACHED}</p>} />
    </Routes>
  );
}

/**
 * An administration page opened by an editor: the route shows Access Denied in place of the page titled `title`,
 * and the navigation offers only the pages an editor may open.
 */
export async function expectAccessDeniedToAnEditor(canvas: Canvas, title: string) {
  await visible(() => canvas.getByRole('heading', { level: 1, name: ACCESS_DENIED_TEXTS.title }));
  await expect(canvas.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  const navigation = within(canvas.getByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation }));
  await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual(
    NAV_ITEMS.filter((item) => (ROUTE_ACCESS[item.path] as readonly RoleName[]).includes('editor')).map(
      (item) => item.label,
    ),
  );
}

/** The address `LocationProbe` shows. */
export const address = (canvas: Canvas) => canvas.getByRole('status', { name: 'Current address' });

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A spy on requests: `spyOn(method, path)` is an msw handler that records every matching request on its
 * way to the mock server and answers nothing itself. A story file makes one and empties `recorded` in
 * its `beforeEach`, so each story sees only its own requests.
 */
export function createRequestSpy() {
  const recorded: RecordedRequest[] = [];
  const spyOn = (method: 'get' | 'put' | 'post' | 'delete', path: string) =>
    http[method](`${DEFAULT_API_BASE}${path}`, async ({ request }) => {
      recorded.push({
        method: request.method,
        url: new URL(request.url),
        body: method === 'get' || method === 'delete' ? undefined : await request.clone().json(),
      });
    });
  return { recorded, spyOn };
}

/**
 * The `beforeEach` of the users and clients pages: a fresh mock store per story, so what one story
 * creates or deletes never leaks into the next, and an empty request spy.
 */
export const freshDirectory =
  (recorded: RecordedRequest[]) =>
  ({ msw }: MswContext) => {
    recorded.length = 0;
    msw.use(...directoryHandlers(createDirectoryData()));
  };

/** What `directoryPage` adds to a story file's setup: requests to spy on, and saved page sizes to forget first. */
export interface DirectoryPageOptions {
  signedInAs?: RoleName;
  spy?: [method: 'get' | 'put' | 'post' | 'delete', path: string][];
  /** localStorage keys removed before each story, so a page size one story saves never shapes the next. */
  forget?: string[];
  /** Mock calls beyond the directory's that the page's dialogs make (a user's sessions). */
  handlers?: () => RequestHandler[];
}

/**
 * The users or clients page at `route` as `signedInAs` sees it, with a fresh mock store and an empty request spy for
 * each story: `meta` holds the fields a story file's meta spreads in, `recorded` and `spyOn` are the spy's.
 */
export function directoryPage(
  route: string,
  { signedInAs = 'owner', spy = [], forget = [], handlers }: DirectoryPageOptions = {},
) {
  const { recorded, spyOn } = createRequestSpy();
  const fresh = freshDirectory(recorded);
  const beforeEach: typeof fresh = (context) => {
    fresh(context);
    if (handlers) context.msw.use(...handlers());
    for (const key of forget) localStorage.removeItem(key);
    if (spy.length > 0) context.msw.use(...spy.map(([method, path]) => spyOn(method, path)));
  };
  return { recorded, spyOn, meta: { parameters: { session: { signedInAs }, route }, beforeEach } };
}

/** The selection bar of a list with bulk actions, as queries within it. */
export const selectionBar = () => within(screen.getByRole('region', { name: SELECTION_TEXTS.barLabel }));

/** An API address for an msw handler, on whatever origin the console calls. */
export const apiPath = (path: string) => `*/api/v1${path}`;

/**
 * A page's Loading story: the call that fills it (`path`: a list, or a detail page's item) never answers, and
 * after the session's own 'Authenticating...' status the page's own says `loading`.
 */
export const pageLoading = (path: string, loading: string) => ({
  beforeEach: ({ msw }: MswContext) => msw.use(http.get(apiPath(path), () => delay('infinite'))),
  play: async ({ canvas }: { canvas: Canvas }) => {
    await visible(() => canvas.getByText(loading));
    await expect(canvas.getByRole('status')).toHaveTextContent(loading);
  },
});

/** What the mock server says when a load fails as if the database were down (a 503). */
export const UNAVAILABLE = 'Database unavailable';

/**
 * An msw handler: the first GET at `path` (of the item `id`, when one is named) fails with a 503 saying `UNAVAILABLE`;
 * every later one reaches the mock server. Make one per story, in its `beforeEach`.
 */
export const failsOnce = (path: string, id?: string) => {
  let calls = 0;
  return http.get(apiPath(path), ({ params }) => {
    if (id !== undefined && params.id !== id) return undefined;
    calls += 1;
    return calls === 1 ? errorResponse(503, UNAVAILABLE, 'INTERNAL') : undefined;
  });
};

/**
 * A page's LoadFailed story: the call at `path` fails once (`failsOnce`), one banner says so with Retry, and Retry
 * loads the page again, which `loaded` then checks.
 */
export const pageLoadFailsOnce = (path: string, loaded: (canvas: Canvas) => Promise<unknown>) => ({
  beforeEach: ({ msw }: MswContext) => msw.use(failsOnce(path)),
  play: async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
    const banner = await canvas.findByRole('alert');
    await expect(banner).toHaveTextContent(UNAVAILABLE);
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await loaded(canvas);
  },
});

/** A table's column headers as they read, in order (the selection column's reads as ''). */
export const headerTexts = (table: Canvas | HTMLElement): (string | null)[] =>
  (table instanceof HTMLElement ? within(table) : table)
    .getAllByRole('columnheader')
    .map((header: HTMLElement) => header.textContent);

/** A list page's heading, then its table's column headers once the table shows, then its header's `actions` buttons. */
export async function expectListPage(
  canvas: Canvas,
  title: string,
  table: { label: string; headers: string[] },
  actions: string[] = [],
) {
  await visible(() => canvas.getByRole('heading', { level: 1, name: title }));
  await expect(headerTexts(await canvas.findByRole('grid', { name: table.label }))).toEqual(table.headers);
  for (const action of actions) await visible(() => canvas.getByRole('button', { name: action }));
}

/** A confirmation cancelled: the dialog closes and the row it was about stays. */
export async function expectCancelKeepsRow(
  { canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent },
  dialog: Canvas,
  cancel: string,
  row: string,
) {
  await userEvent.click(dialog.getByRole('button', { name: cancel }));
  await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
  await expect(await rowOf(canvas, row)).toBeTruthy();
}

/** The table row whose accessible name contains `name`, as it is now: for `visible()`, which looks it up again. */
export const rowNow = (canvas: Canvas, name: string) =>
  within(canvas.getByRole('row', { name: new RegExp(name) }));

/** The table row whose accessible name contains `name`, once it shows, as queries within it. */
export const rowOf = async (canvas: Canvas, name: string) =>
  within(await canvas.findByRole('row', { name: new RegExp(name) }));

/**
 * Presses `button` in the row whose name contains `row` and returns the dialog it opens (`dialog`: its name, and its
 * role when it is a confirmation), as queries within it.
 */
export async function openFromRow(
  { canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent },
  row: string,
  button: string,
  dialog: { name: string; role?: 'dialog' | 'alertdialog' },
) {
  await userEvent.click((await rowOf(canvas, row)).getByRole('button', { name: button }));
  return within(await screen.findByRole(dialog.role ?? 'dialog', { name: dialog.name }));
}

/** The texts of the buttons in a row (its actions), in order. */
export const buttonsOf = (row: Canvas) =>
  row.queryAllByRole('button').map((button: HTMLElement) => button.textContent);

/** The texts of the row headers shown, in order. */
export const rowNames = (canvas: Canvas) =>
  canvas.getAllByRole('rowheader').map((cell: HTMLElement) => cell.textContent);

/**
 * Moves the pointer off whatever it last pressed, so a screenshot never catches a button's hover
 * or press state (which depends on when the last render landed).
 */
export const pointerAway = (userEvent: UserEvent) =>
  userEvent.pointer({ target: document.body, coords: { clientX: 1, clientY: 1 } });

/**
 * Waits until `query` finds an element that is on screen, and returns it. Every visibility check in a story goes
 * through it: a `findBy…` may return a node just before React replaces it (a list re-filtered by a late keystroke, a
 * load that lands after a debounce), and under load an element found in the document was seen hidden for a moment
 * (a just-opened dialog, CI run of 2026-11-27); a single check of either fails, this one waits it out.
 */
export const visible = (query: () => HTMLElement | undefined) =>
  waitFor(() => {
    const element = query();
    // eslint-disable-next-line @typescript-eslint/no-floating-promises -- throws at once, which waitFor retries on
    expect(element).toBeVisible();
    return element as HTMLElement;
  });

/** A toast with this title and description (several may be on screen, and the form may repeat the text). */
export const toastWith = (title: string, description: string) =>
  waitFor(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[slot="title"]')].filter(
      (node) => node.textContent === title,
    );
    const toast = toasts
      .map((node) => node.closest<HTMLElement>('[role="alertdialog"]'))
      .find((node) => node?.textContent?.includes(description));
    // Storybook's instrumented expect is typed as a promise but throws at once, which waitFor retries on.
    // eslint-disable-next-line @typescript-eslint/no-floating-promises
    expect(toast, `a '${title}' toast saying '${description}'`).toBeTruthy();
    return toast as HTMLElement;
  });

/**
 * A phone story's check: it renders at the phone viewport (its `globals.viewport`, .storybook/viewports.ts) and
 * nothing pokes out of that width, so the page never scrolls sideways.
 */
export async function expectFitsThePhone() {
  await expect(window.innerWidth).toBe(viewportSize('phone').width);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/**
 * `story` again at a phone's width: a real 390 px viewport (.storybook/viewports.ts), so the layout's media queries
 * apply, and its play ends by checking that the page fits. A file spreads it and names the tags itself.
 */
export function onThePhone<S extends { play?: unknown }>(story: S): S {
  const play = story.play as ((context: unknown) => Promise<void>) | undefined;
  return {
    ...story,
    globals: { viewport: { value: 'phone' } },
    play: async (context: unknown) => {
      await play?.(context);
      await expectFitsThePhone();
    },
  };
}

/** A list page on the phone: its first `row` shows, its pager says `showing`, and the page fits the width. */
export const listOnThePhone = (row: string, showing: string) =>
  onThePhone({
    play: async ({ canvas }: { canvas: Canvas }) => {
      await rowOf(canvas, row);
      await visible(() => canvas.getByText(showing));
    },
  });

/** Catches the `<a download>` the console clicks, instead of letting the browser save a file. */
export function catchDownloads() {
  const saved: { fileName: string; href: string }[] = [];
  const spy = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push({ fileName: this.download, href: this.href });
  });
  return { saved, restore: () => spy.mockRestore() };
}
