// The comparator's own proof: a barely visible change of colour fails a comparison, rendering noise passes.
import { composeStories } from '@storybook/react-vite';
import { describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import * as buttonStories from '../../src/ui/Button/Button.stories';
import { vars } from '../../src/ui/theme.css';
import { renderStory, type ComposedStory } from './visual-stories';

/** The custom property behind a theme variable, e.g. '--color-primary__1x2y3z'. */
const customPropertyOf = (themeVar: string) => themeVar.replace(/^var\((--[^)]+)\)$/, '$1');

describe('the comparator', () => {
  const { Primary } = composeStories(buttonStories);
  const BASELINE = 'comparator-proof-primary-button';

  it('has a baseline of the primary button at rest', async () => {
    await renderStory(Primary as ComposedStory, { isPlayed: false });
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(BASELINE);
  });

  /** Renders the primary button with its colour replaced, runs the check, then restores the colour. */
  async function withPrimaryColour(colour: string, check: () => Promise<unknown>) {
    await renderStory(Primary as ComposedStory, { isPlayed: false });
    const property = customPropertyOf(vars.color.primary);
    document.documentElement.style.setProperty(property, colour);
    try {
      await check();
    } finally {
      document.documentElement.style.removeProperty(property);
    }
  }

  // Under --update the baseline would be rewritten with the changed colour, so these only run when comparing.
  it.skipIf(inject('visualRun').isUpdate).each([
    ['a barely visible step (16 of blue)', '#0b57e0'],
    ['a visibly different blue', '#2f6fe0'],
  ])('fails when the primary colour changes by %s', async (_change, colour) => {
    await withPrimaryColour(colour, () =>
      expect(
        expect.element(page.elementLocator(document.body)).toMatchScreenshot(BASELINE, { timeout: 2_000 }),
      ).rejects.toThrow(),
    );
  });

  it.skipIf(inject('visualRun').isUpdate)(
    'lets rendering noise of one step in one channel pass',
    async () => {
      await withPrimaryColour('#0b57d1', () =>
        expect.element(page.elementLocator(document.body)).toMatchScreenshot(BASELINE),
      );
    },
  );
});
