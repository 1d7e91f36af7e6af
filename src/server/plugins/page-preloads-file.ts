// What the console build tells the server about its start-up pages: written by the build's plugin
// (scripts/page-preloads.ts), read by console-files.ts. It lives with the server, which runs it in production; the
// build imports it from here, so the server never loads a build script.

/** Where the build writes the list, beside index.html. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** A page's files beyond the entry's: scripts to fetch as modules and their styles, as addresses. */
export interface PagePreloads {
  scripts: string[];
  styles: string[];
}
