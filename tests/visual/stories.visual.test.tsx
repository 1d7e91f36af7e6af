import { composeStories, type ReactRenderer } from '@storybook/react-vite';
import axe from 'axe-core';
import type { ComposedStoryFn } from 'storybook/internal/types';
import { userEvent, within } from 'storybook/test';
import { describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { storyViewport, viewportSize } from '../../.storybook/viewports';
import * as buttonStories from '../../src/ui/Button/Button.stories';
import { vars } from '../../src/ui/theme.css';

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ComposedStoryFn<ReactRenderer, Record<string, unknown>>;

/** A module's stories; the glob cannot know each module's own args, so they are typed loosely. */
const storiesOf = (module: StoryModule, globals: Record<string, unknown> = {}) =>
  Object.values(composeStories(module, { initialGlobals: globals })) as ComposedStory[];

// Every story tagged 'visual', wherever it lives; those also tagged 'dark' once more in the dark theme
// (.storybook/theme-global.tsx).
const storyModules = import.meta.glob<StoryModule>('../../src/**/*.stories.tsx', { eager: true });

/** The size every story renders at unless its globals pick one of the console's viewports (.storybook/viewports.ts). */
const DEFAULT_VIEWPORT = viewportSize('desktop');

/**
 * Renders a composed story the way Storybook does: at its viewport, loaders (msw), then render, then its play
 * function.
 */
async function renderStory(Story: ComposedStory, { isPlayed = true } = {}) {
  const viewport = storyViewport(Story.globals);
  const { width, height } = viewport ? viewportSize(viewport) : DEFAULT_VIEWPORT;
  await page.viewport(width, height);
  await Story.load();
  const isFullscreen = Story.parameters.layout === 'fullscreen';
  const screen = await render(<Story />, {
    container: document.body.appendChild(document.createElement('div')),
  });
  if (!isFullscreen) screen.container.style.padding = '16px';
  if (isPlayed)
    await Story.play?.({
      canvasElement: screen.container,
      canvas: within(screen.container),
      userEvent: userEvent.setup(),
    });
  await document.fonts.ready;
  return screen;
}

/**
 * Axe on the whole page, as the stories' own check does (.storybook/preview.tsx `a11y`, run by Storybook's a11y
 * addon): any violation fails; react-aria's live announcer, whose announcements outlive what they name, is left out;
 * and, as the addon does, the `region` rule is off, since a story shows a part of a page without its landmarks.
 */
async function expectNoA11yViolations() {
  axe.configure({ rules: [{ id: 'region', enabled: false }] });
  const { violations } = await axe.run(
    { include: [document.body], exclude: [['[data-live-announcer]']] },
    { resultTypes: ['violations'] },
  );
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

for (const [path, module] of Object.entries(storyModules)) {
  const stories = storiesOf(module).filter((Story) => Story.tags.includes('visual'));
  // Every story tagged 'dark', in the dark theme: its play function and axe (the dark theme's colours must pass
  // the same checks), and a baseline of its own when it is tagged 'visual' too. One render serves both.
  const darkStories = storiesOf(module, { theme: 'dark' }).filter((Story) => Story.tags.includes('dark'));
  if (stories.length === 0 && darkStories.length === 0) continue;
  describe(path.replace('../../src/', ''), () => {
    for (const Story of stories) {
      // Its play function, its baseline, then axe: the storybook project leaves 'visual' stories to this one render.
      it(Story.storyName, async () => {
        await renderStory(Story);
        await expect.element(page.elementLocator(document.body)).toMatchScreenshot(Story.id);
        await expectNoA11yViolations();
      });
    }
    for (const Story of darkStories) {
      const isVisual = Story.tags.includes('visual');
      it(`${Story.storyName} in the dark theme`, async () => {
        // The screenshot is taken after the play function, or before it with `darkScreenshot: 'at-rest'`; axe
        // then checks the story as its play function leaves it.
        const atRest = isVisual && Story.parameters.darkScreenshot === 'at-rest';
        const screen = await renderStory(Story, { isPlayed: !atRest });
        if (isVisual)
          await expect.element(page.elementLocator(document.body)).toMatchScreenshot(`${Story.id}-dark`);
        if (atRest)
          await Story.play?.({
            canvasElement: screen.container,
            canvas: within(screen.container),
            userEvent: userEvent.setup(),
          });
        await expectNoA11yViolations();
      });
    }
  });
}

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
