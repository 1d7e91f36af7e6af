// Reaching things with the keyboard alone: Tab between controls, arrow keys inside tables (react-aria grids).
import type { Locator, Page } from '@playwright/test';

const MAX_PRESSES = 80;

// Short timeouts: a locator that matches nothing must fail the search, not wait for the test's timeout.
const isFocused = (target: Locator) =>
  target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1000 })
    .catch(() => false);

/** Whether the focused element is inside `container`. */
const focusIsWithin = (container: Locator) =>
  container
    .evaluate((element) => element.contains(document.activeElement), undefined, { timeout: 1000 })
    .catch(() => false);

async function pressUntil(
  page: Page,
  key: string,
  done: () => Promise<boolean>,
  max = MAX_PRESSES,
): Promise<boolean> {
  for (let press = 0; press < max; press += 1) {
    if (await done()) return true;
    await page.keyboard.press(key);
  }
  return done();
}

/**
 * Moves the focus to `target` with the keyboard only: Tab (then Shift+Tab) through the page, and for
 * a control inside a grid's row, Tab into the grid, arrow down to the row and across to the control.
 * Throws, naming the target and where the focus ended, when it cannot be reached.
 */
export async function focusWithKeyboard(page: Page, target: Locator, description: string): Promise<void> {
  await target.waitFor({ state: 'attached', timeout: 10_000 }).catch(() => {
    throw new Error(`There is no ${description} on the page`);
  });
  if (await isFocused(target)) return;
  const row = target.locator('xpath=ancestor::*[@role="row"][1]');
  const grid = target.locator('xpath=ancestor::*[@role="grid"][1]');
  // A grid (DataTable) is one Tab stop whose arrow keys reach its controls; a plain table's are in the Tab order.
  if ((await row.count()) > 0 && (await grid.count()) > 0) {
    const inGrid =
      (await pressUntil(page, 'Tab', () => focusIsWithin(grid))) ||
      (await pressUntil(page, 'Shift+Tab', () => focusIsWithin(grid)));
    if (inGrid) {
      // Rows first, then across the row's cells and the controls in them.
      const onRow =
        (await pressUntil(page, 'ArrowDown', () => focusIsWithin(row), 60)) ||
        (await pressUntil(page, 'ArrowUp', () => focusIsWithin(row), 60));
      if (onRow) {
        if (
          (await pressUntil(page, 'ArrowRight', () => isFocused(target), 30)) ||
          (await pressUntil(page, 'ArrowLeft', () => isFocused(target), 30))
        )
          return;
      }
    }
  } else if (
    (await pressUntil(page, 'Tab', () => isFocused(target))) ||
    (await pressUntil(page, 'Shift+Tab', () => isFocused(target)))
  ) {
    return;
  }
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`
      : 'nothing';
  });
  throw new Error(`The keyboard cannot reach ${description}; the focus is on ${focused}`);
}

/** Focuses `target` with the keyboard and presses Enter on it. */
export async function pressWithKeyboard(
  page: Page,
  target: Locator,
  description: string,
  key = 'Enter',
): Promise<void> {
  await focusWithKeyboard(page, target, description);
  await page.keyboard.press(key);
}

/** Focuses a text field with the keyboard, clears it and types. */
export async function typeWithKeyboard(
  page: Page,
  target: Locator,
  description: string,
  text: string,
): Promise<void> {
  await focusWithKeyboard(page, target, description);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}
