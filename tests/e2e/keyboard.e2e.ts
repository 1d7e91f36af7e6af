// The editor's journey again, with the keyboard alone: no click anywhere.
import { CERTIFICATES_TEXTS } from '../../src/contract';
import { Api, TEST_PASSWORD } from './api';
import { navigation } from './console';
import { editorCertificateJourney } from './editor-journey';
import { expect, heading, test } from './fixtures';
import { pressWithKeyboard, typeWithKeyboard } from './keyboard';

test('the editor signs in, reaches the certificates and runs the whole certificate journey with the keyboard only', async ({
  page,
  request,
  now,
}) => {
  test.setTimeout(120_000);
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Kim Keyboard', 'editor');
  await owner.createClient('Keyline Studios');
  // Any mouse use would be a bug in the test: fail loudly if one happens.
  await page.addInitScript(() => {
    for (const type of ['mousedown', 'click'] as const) {
      window.addEventListener(
        type,
        (event) => {
          // Keyboard activation of a button fires a click with detail 0; a real pointer click has detail >= 1.
          if (event instanceof MouseEvent && event.detail > 0)
            (window as unknown as { __pointerUsed?: string }).__pointerUsed = type;
        },
        true,
      );
    }
  });

  await page.goto('/login');
  await typeWithKeyboard(page, page.getByRole('textbox', { name: 'Email' }), 'the Email field', editor.email);
  await typeWithKeyboard(
    page,
    page.getByLabel('Password', { exact: true }),
    'the Password field',
    TEST_PASSWORD,
  );
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Dashboard')).toBeVisible();

  await pressWithKeyboard(
    page,
    navigation(page).getByRole('link', { name: 'Certificates' }),
    'the Certificates link',
  );
  await expect(heading(page, CERTIFICATES_TEXTS.title)).toBeVisible();

  await editorCertificateJourney(page, {
    clientName: 'Keyline Studios',
    serialNumber: 'KEY-0001-E2E',
    now,
    input: 'keyboard',
  });

  expect(
    await page.evaluate(() => (window as unknown as { __pointerUsed?: string }).__pointerUsed ?? null),
  ).toBeNull();
});
