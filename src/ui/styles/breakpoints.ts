// The widths at which the console's layout changes (docs/adr/0012-responsive-console.md): one home for
// every style that adapts, so the shell, the tables and the dialogs change at the same places.

/** Viewport media queries, for what depends on the window (the shell, dialogs). */
export const media = {
  /** A phone: dialogs become full-height sheets. */
  phone: 'screen and (max-width: 639px)',
  /**
   * The user's name and role, the theme, Account and Logout leave the top bar for its account menu (from 768 px the
   * specification's top bar holds them).
   */
  accountInMenu: 'screen and (max-width: 767px)',
  /** The top bar keeps them. */
  accountInBar: 'screen and (min-width: 768px)',
  /** Narrower than a table-and-sidebar layout: the navigation is a drawer opened from the top bar. */
  drawer: 'screen and (max-width: 1023px)',
  /** The navigation is a sidebar beside the page. */
  sidebar: 'screen and (min-width: 1024px)',
  /** Below 900 px a row of counters breaks onto two lines. */
  narrow: 'screen and (max-width: 899px)',
} as const;

/** The top bar's height: it stays at the top as the page scrolls, and the sidebar stays below it. */
export const TOP_BAR_HEIGHT = 56;

/** The sidebar's width, expanded and collapsed to icons (docs/adr/0022-sidebar-shell.md). */
export const SIDEBAR_WIDTH = { expanded: 208, collapsed: 56 } as const;

/**
 * The widest box (px) in which a table is cards whatever it holds: one of many columns, and one of a few (five or
 * fewer: a dashboard panel's, a dialog's), which fits down to a phone's width. Above these a table is cards only
 * where its rows are wider than its box (`useCardsWhenTooWide`).
 */
export const CARDS_AT_MOST = { many: 759, few: 419 } as const;

/**
 * Container queries for a table, measured on the box the table scrolls in (its width, not the window's), so a
 * table in a dialog adapts to the dialog: below `actions` a row's buttons collapse into one Actions menu beside
 * its primary one; below `cards` (or `cardsFew`) each row is a card.
 */
export const tableContainer = {
  /**
   * The certificates table with an active row's five buttons and a 20-character serial needs 1,186 px; a client's
   * page at 1280 px gives its certificates 1,198 px and keeps every button.
   */
  actions: '(max-width: 1189px)',
  cards: `(max-width: ${CARDS_AT_MOST.many}px)`,
  cardsFew: `(max-width: ${CARDS_AT_MOST.few}px)`,
} as const;

/** The most columns (checkbox and actions included) a table of "a few" has: see `tableContainer.cardsFew`. */
export const FEW_COLUMNS = 5;

/** Which of `CARDS_AT_MOST` a table of `columnCount` columns (checkbox and actions included) becomes cards at. */
export type ColumnsKind = keyof typeof CARDS_AT_MOST;
export const columnsKindOf = (columnCount: number): ColumnsKind =>
  columnCount > FEW_COLUMNS ? 'many' : 'few';
