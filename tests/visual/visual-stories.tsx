// What the visual test files share: every story tagged 'visual' rendered, played, compared with its baseline in
// tests/visual/__screenshots__/stories and checked by axe. The stories are dealt out to a few files
// (stories-N.visual.test.tsx) so the two workers render them side by side; one file would be the suite's longest
// chain (about 300 s of the storybook group's 350).
import { composeStories, type ReactRenderer } from '@storybook/react-vite';
import axe from 'axe-core';
import type { ComposedStoryFn } from 'storybook/internal/types';
import { userEvent, within } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { storyViewport, viewportSize } from '../../.storybook/viewports';

type StoryModule = Parameters<typeof composeStories>[0];
export type ComposedStory = ComposedStoryFn<ReactRenderer, Record<string, unknown>>;

/** A module's stories; the glob cannot know each module's own args, so they are typed loosely. */
const storiesOf = (module: StoryModule, globals: Record<string, unknown> = {}) =>
  Object.values(composeStories(module, { initialGlobals: globals })) as ComposedStory[];

// Every story module, loaded only by the file whose share it is.
const storyModules = import.meta.glob<StoryModule>('../../src/**/*.stories.tsx');

/**
 * How many files the stories are dealt out to: as many as there are stories-N.visual.test.tsx (listed, not loaded),
 * so adding or removing one deals the stories anew and no share is left without its file.
 */
const VISUAL_SHARES = Object.keys(import.meta.glob('./stories-*.visual.test.tsx')).length;

/** The size every story renders at unless its globals pick one of the console's viewports (.storybook/viewports.ts). */
const DEFAULT_VIEWPORT = viewportSize('desktop');

/**
 * Renders a composed story the way Storybook does: at its viewport, loaders (msw), then render, then its play
 * function.
 */
export async function renderStory(Story: ComposedStory, { isPlayed = true } = {}) {
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

/**
 * The tests of share `share` (1 … VISUAL_SHARES): every story tagged 'visual' in its modules, and those also tagged
 * 'dark' once more in the dark theme (.storybook/theme-global.tsx). Modules are dealt out in turn, in path order, so
 * each share holds a like mix of pages and kit parts.
 */
export async function defineVisualStoryTests(share: number) {
  if (!Number.isInteger(share) || share < 1 || share > VISUAL_SHARES)
    throw new Error(`share ${share} is not one of the ${VISUAL_SHARES} stories-N.visual.test.tsx files`);
  const paths = Object.keys(storyModules)
    .sort()
    .filter((_, index) => index % VISUAL_SHARES === share - 1);
  const modules = await Promise.all(paths.map(async (path) => [path, await storyModules[path]!()] as const));
  for (const [path, module] of modules) {
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
}
