// The editor's certificate journey, driven either with the mouse or with the keyboard alone.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CERTIFICATES_TEXTS, LICENSE_CHECK_TEXTS, VALIDATE_LICENSE_TEXTS } from '../../src/contract';
import { dialog, expectToast, rowWith } from './console';
import { expect, test } from './fixtures';
import { focusWithKeyboard, pressWithKeyboard, typeWithKeyboard } from './keyboard';

const TEXTS = CERTIFICATES_TEXTS;

type Input = 'mouse' | 'keyboard';

/** Presses, fills and picks the way the chosen input does. */
function driver(page: Page, input: Input) {
  return {
    press: async (target: Locator, description: string) => {
      if (input === 'mouse') await target.click();
      else await pressWithKeyboard(page, target, description);
    },
    fill: async (target: Locator, description: string, text: string) => {
      if (input === 'mouse') await target.fill(text);
      else await typeWithKeyboard(page, target, description, text);
    },
    /** Types into a date segment (react-aria spin button): digits replace its value. */
    typeSegment: async (target: Locator, description: string, digits: string) => {
      if (input === 'mouse') await target.click();
      else await focusWithKeyboard(page, target, description);
      await page.keyboard.type(digits);
    },
    /** A combo box: type to search, then choose the option. */
    choose: async (combo: Locator, description: string, search: string, option: string) => {
      if (input === 'mouse') {
        await combo.click();
        await combo.fill(search);
        await page.getByRole('option', { name: option, exact: true }).click();
      } else {
        await focusWithKeyboard(page, combo, description);
        await page.keyboard.type(search);
        await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('option', { name: option, exact: true })).toHaveAttribute(
          'data-focused',
          'true',
        );
        await page.keyboard.press('Enter');
      }
      await expect(combo).toHaveValue(option);
      await expect(page.getByRole('listbox')).toBeHidden();
    },
  };
}

/** The UTC calendar day of an instant as 'YYYY-MM-DD'. */
const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/**
 * On the certificates screen: creates a certificate with the requirements' defaults (after the form refused a
 * bad range), activates it, downloads its licence, sees it distributed, validates the file in the
 * 'Validate licence' dialog, revokes it with a reason and reads created, activated, downloaded and
 * revoked in its history. Returns the serial number and the saved licence file.
 */
export async function editorCertificateJourney(
  page: Page,
  {
    clientName,
    serialNumber,
    now,
    input,
  }: { clientName: string; serialNumber: string; now: number; input: Input },
): Promise<{ serialNumber: string; licensePath: string }> {
  const act = driver(page, input);
  const row = () => rowWith(page, TEXTS.tableLabel, serialNumber);

  await test.step('create with the defaults, after a refused date range', async () => {
    await act.press(page.getByRole('button', { name: TEXTS.generate }), `the '${TEXTS.generate}' button`);
    const form = dialog(page, TEXTS.form.createTitle);
    await expect(form).toBeVisible();
    // docs/requirements.md#constants defaults: one studio, one user, valid from today for one year (the page's today).
    await expect(form.getByRole('textbox', { name: TEXTS.form.studioCount })).toHaveValue('1');
    await expect(form.getByRole('textbox', { name: TEXTS.form.userCount })).toHaveValue('1');
    const today = utcDay(now);
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    await expect(form.locator('input[type="hidden"][name="validFrom"]')).toHaveValue(today);
    await expect(form.locator('input[type="hidden"][name="validTo"]')).toHaveValue(nextYear);

    await act.choose(
      form.getByRole('combobox', { name: TEXTS.form.client }),
      'the client picker',
      clientName.slice(0, 5),
      clientName,
    );
    await act.fill(
      form.getByRole('textbox', { name: TEXTS.form.serialNumber }),
      'the serial number field',
      serialNumber,
    );

    // Valid to a year before valid from.
    const validToYear = form
      .getByRole('group', { name: TEXTS.form.validTo })
      .getByRole('spinbutton', { name: /year/i });
    await act.typeSegment(validToYear, 'the year of Valid To', String(Number(today.slice(0, 4)) - 1));
    await act.press(
      form.getByRole('button', { name: TEXTS.form.create }),
      `the '${TEXTS.form.create}' button`,
    );
    await expect(form.getByText('Valid to date must be after valid from date')).toBeVisible();
    await expect(form).toBeVisible();

    await act.typeSegment(validToYear, 'the year of Valid To', nextYear.slice(0, 4));
    await expect(form.locator('input[type="hidden"][name="validTo"]')).toHaveValue(nextYear);
    await expect(form.getByText('Valid to date must be after valid from date')).toHaveCount(0);
    await act.press(
      form.getByRole('button', { name: TEXTS.form.create }),
      `the '${TEXTS.form.create}' button`,
    );
    await expectToast(page, TEXTS.toasts.created, TEXTS.toasts.createdDescription(serialNumber));
    await expect(form).toBeHidden();
    await expect(row()).toContainText(clientName);
    await expect(row()).toContainText('1 studio, 1 user');
    await expect(row()).toContainText(/pending/i);
  });

  await test.step('activate', async () => {
    await act.press(
      row().getByRole('button', { name: TEXTS.actions.activate }),
      `the row's '${TEXTS.actions.activate}' button`,
    );
    await expectToast(page, TEXTS.toasts.activated, 'Token generated successfully!');
    await expect(row()).toContainText(/active/i);
  });

  let licensePath = '';
  await test.step('download the licence file', async () => {
    const downloaded = page.waitForEvent('download');
    await act.press(
      row().getByRole('button', { name: TEXTS.actions.download }),
      `the row's '${TEXTS.actions.download}' button`,
    );
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`license-${serialNumber}.json`);
    licensePath = join(test.info().outputDir, download.suggestedFilename());
    await download.saveAs(licensePath);
    await expectToast(page, TEXTS.toasts.downloaded, TEXTS.toasts.downloadedDescription);
    await expect(row()).toContainText(/distributed/i);
  });

  await test.step('validate the file in the Validate licence dialog', async () => {
    await act.press(
      page.getByRole('button', { name: TEXTS.validateLicense }),
      `the '${TEXTS.validateLicense}' button`,
    );
    const validate = dialog(page, VALIDATE_LICENSE_TEXTS.title);
    await expect(validate).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await act.press(
      validate.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.chooseFile }),
      `the '${VALIDATE_LICENSE_TEXTS.chooseFile}' button`,
    );
    await (await chooser).setFiles(licensePath);
    await expect(
      validate.getByText(VALIDATE_LICENSE_TEXTS.fileRead(`license-${serialNumber}.json`)),
    ).toBeVisible();
    await act.fill(
      validate.getByRole('textbox', { name: VALIDATE_LICENSE_TEXTS.serialNumber }),
      'the machine serial number field',
      serialNumber,
    );
    await act.press(
      validate.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.validate }),
      `the '${VALIDATE_LICENSE_TEXTS.validate}' button`,
    );
    const verdict = validate.getByRole('status', { name: VALIDATE_LICENSE_TEXTS.verdict });
    await expect(verdict).toContainText(VALIDATE_LICENSE_TEXTS.validTitle);
    await expect(verdict).toContainText(LICENSE_CHECK_TEXTS.VALID);
    await expect(verdict).toContainText(serialNumber);
    await act.press(
      validate.getByRole('button', { name: VALIDATE_LICENSE_TEXTS.close }),
      `the dialog's '${VALIDATE_LICENSE_TEXTS.close}' button`,
    );
    await expect(validate).toBeHidden();
  });

  await test.step('revoke with a reason', async () => {
    // A distributed certificate is revoked from the list (the server allows it: a handed-out licence is what needs revoking).
    await expect(
      row().getByRole('button', { name: TEXTS.actions.revoke }),
      'the Revoke action on the distributed certificate',
    ).toBeVisible({ timeout: 3000 });
    await act.press(
      row().getByRole('button', { name: TEXTS.actions.revoke }),
      `the row's '${TEXTS.actions.revoke}' button`,
    );
    const revoke = dialog(page, TEXTS.revoke.title);
    await expect(revoke).toContainText(TEXTS.revoke.message(serialNumber));
    await act.fill(
      revoke.getByRole('textbox', { name: TEXTS.revoke.reason }),
      'the revocation reason',
      'Machine replaced',
    );
    await act.press(
      revoke.getByRole('button', { name: TEXTS.revoke.confirm, exact: true }),
      `the '${TEXTS.revoke.confirm}' button`,
    );
    await expectToast(page, TEXTS.toasts.revoked, TEXTS.toasts.revokedDescription(serialNumber));
    await expect(revoke).toBeHidden();
    await expect(row()).toContainText(/revoked/i);
  });

  await test.step('read the history', async () => {
    await act.press(
      row().getByRole('button', { name: TEXTS.actions.history }),
      `the row's '${TEXTS.actions.history}' button`,
    );
    const history = dialog(page, TEXTS.history.title(serialNumber));
    const records = history.getByRole('grid', { name: TEXTS.history.title(serialNumber) }).getByRole('row');
    // Newest first: the Action column reads the lifecycle backwards, and the editor's own licence check above is
    // not a use (docs/adr/0011): no 'used' entry sits between.
    const actions = records
      .filter({ has: page.getByRole('rowheader') })
      .locator('[role="gridcell"]:nth-child(2)');
    await expect(actions.filter({ hasText: /^revoked$/i })).toHaveCount(1);
    const lifecycle = (await actions.allTextContents()).map((text) => text.trim().toLowerCase());
    expect(lifecycle).toEqual(['revoked', 'downloaded', 'activated', 'created']);
    await expect(records.filter({ hasText: 'Machine replaced' })).toHaveCount(1);
    await act.press(
      history.getByRole('button', { name: TEXTS.history.close }),
      `the history's '${TEXTS.history.close}' button`,
    );
    await expect(history).toBeHidden();
  });

  return { serialNumber, licensePath };
}
