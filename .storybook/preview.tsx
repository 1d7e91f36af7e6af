import '../src/ui/fonts';
import '../src/ui/theme.css';
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { setInteractionModality } from 'react-aria-components';
import { createDefaultHandlers, handlers } from '../mocks/handlers';
import { chooseTimeZone } from '../src/lib/format/time-zone';
import { forgetPageSizes } from '../src/lib/lists/page-size';
import { FIXED_NOW } from '../mocks/fixtures';
import { installFixedClock } from './fixed-clock';
import { CONSOLE_VIEWPORTS } from './viewports';
import { initialTheme, themeGlobalTypes, withThemeGlobal } from './theme-global';
import {
  StoryConsole,
  type StoryRouterParameter,
  type StorySessionParameter,
  type StoryToastsParameter,
} from './story-console';

// findBy*/waitFor give up after 1 s by default. The first story to open a page also waits for that page's module
// (routes load lazily), which the dev server transforms on first request: with the rest of `npm test` on the same
// two cores that took over 5 s now and then, and over 10 s on a machine 2.5 times slower (WebhooksPage's first
// story, 2026-11-28). Twenty seconds is patience, not a sleep: a passing check returns at once; a story's own bound
// is 40 s (vitest.config.ts).
configure({ asyncUtilTimeout: 20_000 });

const preview: Preview = {
  loaders: [mswLoader()],
  // Every story (and every story test) sees the same "now".
  beforeAll: () => installFixedClock(FIXED_NOW),
  // And the same data and browser: the default handlers again, over stores of their own (mswLoader set the worker on
  // the context before this runs; a story's own handlers, added after, still come first), and none of the choices
  // an earlier story left in this browser (a list's page size, the time zone), which made a page story's pager depend
  // on the stories run before it. Nor the last input: react-aria draws focus rings only after a key (or before any
  // input at all), so a dialog opening with its focus on Cancel showed a ring or not by whether the story before it
  // had clicked. Every story starts as a fresh page does, rings on.
  beforeEach: (context) => {
    context.msw.use(...createDefaultHandlers());
    forgetPageSizes();
    chooseTimeZone('local');
    setInteractionModality('keyboard');
  },
  globalTypes: themeGlobalTypes,
  initialGlobals: initialTheme,
  decorators: [
    withThemeGlobal,
    (Story, { parameters }) => (
      <StoryConsole
        session={parameters.session as StorySessionParameter | undefined}
        router={parameters.router as StoryRouterParameter | undefined}
        route={parameters.route as string | undefined}
        toasts={parameters.toasts as StoryToastsParameter | undefined}
      >
        <Story />
      </StoryConsole>
    ),
  ],
  parameters: {
    msw: { handlers: { default: handlers } },
    a11y: {
      // An accessibility violation fails the story's test.
      test: 'error',
      // The whole page, so overlays rendered into `body` are checked too; except react-aria's
      // live announcer, whose announcements briefly outlive the element they name (a pending
      // button that has gone), which axe would report against whichever story runs next.
      context: { include: ['body'], exclude: ['[data-live-announcer]'] },
      // Only violations are collected in full: the test needs nothing else, and listing every node that passed (then
      // sending it to the runner) was a large part of each story test's time.
      options: { resultTypes: ['violations'] },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The docs pages first, then each screen area's stories, the kit last.
    options: { storySort: { order: ['Introduction', 'Design tokens', 'Screens', '*', 'UI'] } },
    // The toolbar's viewport switch offers the console's five widths (.storybook/viewports.ts). A story that names
    // none runs its test at the desktop width, 1280 px, as the visual suite renders it: Storybook's test runner would
    // otherwise frame it 1200 px wide, where a page's row buttons have collapsed (below 1190 px of table).
    viewport: { options: CONSOLE_VIEWPORTS, defaultViewport: 'desktop' },
  },
};

export default preview;
