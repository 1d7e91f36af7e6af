// Finding things on the console's screens the way a user does: by role and accessible name.
import type { Locator, Page } from '@playwright/test';
import { LAYOUT_TEXTS, REFRESH_COOKIE, type NAV_ITEMS } from '../../src/contract';
import { expect } from './fixtures';

/** The main navigation. */
export const navigation = (page: Page) => page.getByRole('navigation', { name: LAYOUT_TEXTS.mainNavigation });

/**
 * Goes to a console screen through the navigation, as a user would (a client-side route change): from the sidebar
 * where it shows, else from the drawer the top bar's Menu button opens (below 1024 px).
 */
export async function navigateTo(page: Page, label: (typeof NAV_ITEMS)[number]['label']): Promise<void> {
  const inSidebar = navigation(page).getByRole('link', { name: label, exact: true });
  const menuButton = page.getByRole('banner').getByRole('button', { name: LAYOUT_TEXTS.menu, exact: true });
  // Once the layout is on screen one of them shows.
  await expect(inSidebar.or(menuButton).first()).toBeVisible();
  if (!(await inSidebar.isVisible())) await menuButton.click();
  await inSidebar.click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/**
 * Presses the account's Account link or Logout button: in the top bar from 768 px, in its account menu below
 * (src/ui/styles/breakpoints.ts).
 */
export async function pressAccountControl(page: Page, control: 'Account' | 'Logout'): Promise<void> {
  const role = control === 'Account' ? 'link' : 'button';
  const inBar = page.getByRole('banner').getByRole(role, { name: control, exact: true });
  const menuButton = page.getByRole('button', { name: LAYOUT_TEXTS.accountMenu, exact: true });
  await expect(inBar.or(menuButton).first()).toBeVisible();
  if (await inBar.isVisible()) {
    await inBar.click();
    return;
  }
  await menuButton.click();
  await page.getByRole('dialog').getByRole(role, { name: control, exact: true }).click();
}

/** A table by its accessible name: a grid (DataTable) or a plain table (PlainTable). */
const tableNamed = (page: Page | Locator, table: string) =>
  page.getByRole('grid', { name: table }).or(page.getByRole('table', { name: table }));

/** The row of a table (by its accessible name) that contains a text. */
export const rowWith = (page: Page | Locator, table: string, text: string) =>
  tableNamed(page, table).getByRole('row').filter({ hasText: text });

/** The body rows of a table (the rows with a row header). */
export const bodyRows = (page: Page, table: string): Locator =>
  tableNamed(page, table)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

/** A toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page
    .getByRole('alertdialog')
    .or(page.getByRole('status'))
    .or(page.getByRole('alert'))
    .filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
}

/** Opens a select (react-aria: a button named by its value and label) and picks an option. */
export async function chooseOption(
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The open dialog with this title. */
export const dialog = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title }).or(page.getByRole('alertdialog', { name: title }));

/** The sign-in screen's address, with or without the `next` page it returns to (src/lib/routing/next-path.ts). */
export const SIGN_IN_URL = /\/login(\?next=[^&]*)?$/;

/** The browser's HttpOnly refresh cookie (docs/adr/0008-refresh-cookie-and-sessions.md), if it has one. */
export async function refreshCookieOf(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === REFRESH_COOKIE);
}

/**
 * Nothing reaches past the window's right edge, so the page never scrolls sideways and nothing is cut off; and no box
 * inside it (a table's) scrolls sideways either, which would hide its last columns.
 */
export async function expectNothingSticksOut(page: Page, label: string) {
  // A table measured too wide for its box becomes cards in the frame after a resize (docs/adr/0019), so the window is
  // measured once three frames have been drawn since the caller's last change.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 3;
        const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
  const widths = await page.evaluate(() => {
    const inner = window.innerWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > inner + 0.5;
    const describe = (element: Element) => `${element.tagName.toLowerCase()}.${element.className}`;
    const elements = [...document.body.querySelectorAll('*')];
    // The outermost elements reaching past the right edge, to say what makes the page scroll.
    const overflowing = elements
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)))
      .slice(0, 5)
      .map(
        (element) => `${describe(element)} (right edge ${Math.round(element.getBoundingClientRect().right)})`,
      );
    const scrollingSideways = elements
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth;
      })
      .slice(0, 5)
      .map((element) => `${describe(element)} (${element.scrollWidth} px in ${element.clientWidth})`);
    return { scroll: document.documentElement.scrollWidth, inner, overflowing, scrollingSideways };
  });
  // Soft: a page that scrolls sideways fails the test, but the other widths are still checked and compared.
  expect.soft(widths.overflowing, `${label}: elements past the right edge`).toEqual([]);
  expect.soft(widths.scroll, `${label}: the page's width`).toBeLessThanOrEqual(widths.inner);
  expect.soft(widths.scrollingSideways, `${label}: boxes that scroll sideways`).toEqual([]);
}
