// The command palette ("Find anything", src/features/search): the top bar's search control and the dialog it opens.
// The actions it offers read as the buttons of their pages do (CERTIFICATES_TEXTS.generate, CLIENTS_TEXTS.addClient,
// USERS_TEXTS.addUser), so those are not repeated here. src/contract/ui-texts.ts gathers every area; the top bar's
// control imports this module alone, since it loads with the console's first screen.

/** The top bar's control that opens the palette. */
export const SEARCH_LAUNCHER_TEXTS = {
  /** What it reads as, like a search field's placeholder; its accessible name in the icon-only form too. */
  text: 'Search…',
  /**
   * The shortcut shown beside the text, by platform. "Cmd" in letters: the bundled font has no ⌘, and a fallback
   * font's would differ from one machine to the next.
   */
  shortcut: { mac: 'Cmd K', other: 'Ctrl K' },
  /** The modifier as the shortcuts dialog writes it, by platform. */
  modifier: { mac: 'Cmd', other: 'Ctrl' },
} as const;

/** The palette itself. */
export const COMMAND_PALETTE_TEXTS = {
  title: 'Find anything',
  inputLabel: 'Search certificates, clients, users and pages',
  placeholder: 'Serial number, client, user or page…',
  /** The accessible name of the list of results. */
  resultsLabel: 'Results',
  close: 'Close',
  groups: {
    recent: 'Recently opened',
    pages: 'Pages',
    actions: 'Actions',
    certificates: 'Certificates',
    clients: 'Clients',
    users: 'Users',
  },
  /** What a recently opened item is, beside its name. */
  kinds: { certificate: 'Certificate', client: 'Client', user: 'User' },
  clientActive: 'Active',
  clientInactive: 'Inactive',
  /** With an empty query and nothing opened yet. */
  nothingRecent: 'Type to find certificates by serial number or client, clients, users and pages.',
  searching: 'Searching…',
  noResults: (query: string) => `No results for “${query}”`,
  /** Announced to screen readers as the results change. */
  resultCount: (count: number) => (count === 1 ? '1 result' : `${count} results`),
  /** The fallback when the search failed without a message of the server's. */
  failed: 'The search failed.',
  retry: 'Retry',
  /** The palette's footer: the keys that drive it and what each does. */
  hints: [
    { keys: '↑ ↓', does: 'to move' },
    { keys: 'Enter', does: 'to open' },
    { keys: 'Esc', does: 'to close' },
  ],
} as const;
