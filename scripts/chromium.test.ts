// The Chromium every browser test starts: Chromium keeps only the last `--disable-features`, so the one in
// CHROMIUM_ARGS must repeat every feature Playwright turns off before it, and add the address bar's popups.
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from './chromium.mjs';

/** The features named by each `--disable-features` on a command line, in order. */
function disabledFeatureSwitches(commandLine: string): string[][] {
  return [...commandLine.matchAll(/--disable-features=(\S*)/g)].map(([, list = '']) =>
    list.split(',').filter(Boolean),
  );
}

describe('the Chromium the tests start', () => {
  let commandLine = '';
  beforeAll(async () => {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      await page.goto('chrome://version');
      commandLine = await page.locator('#command_line').innerText();
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('turns off, in its last --disable-features, every feature an earlier one named', () => {
    const switches = disabledFeatureSwitches(commandLine);
    expect(switches.length).toBeGreaterThan(1);
    const last = switches.at(-1) ?? [];
    const dropped = switches
      .slice(0, -1)
      .flat()
      .filter((feature) => !last.includes(feature));
    expect(dropped).toEqual([]);
  });

  it("turns off the address bar's popups, which would load a renderer of their own beside every page", () => {
    expect(disabledFeatureSwitches(commandLine).at(-1)).toEqual(
      expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
    );
  });
});
