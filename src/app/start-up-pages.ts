/**
 * The pages that start their work at start-up, by path: the feature module that draws each. The opened
 * page's first calls go out beside the session's validation (prefetch.ts), and the build lists each page's code so
 * the server names it in that address's HTML, to be fetched beside the entry instead of after it has run
 * (scripts/page-preloads.ts, src/server/plugins/console-files.ts).
 */
export const START_UP_PAGES = {
  '/': 'src/features/dashboard/index.ts',
  '/certificates': 'src/features/certificates/index.ts',
} as const;

export type StartUpPath = keyof typeof START_UP_PAGES;

/** Whether an address's path is one of the start-up pages. */
export const isStartUpPath = (path: string): path is StartUpPath => Object.hasOwn(START_UP_PAGES, path);
