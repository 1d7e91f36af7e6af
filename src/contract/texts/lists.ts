// What the certificates, clients and users lists share beyond their own words (issue 18): sortable headers, the page
// size choice, row selection and the bulk bar with its outcome. Not in the requirements. src/contract/ui-texts.ts
// gathers every area.

/** The page size choice beside a pager. */
export const PAGE_SIZE_TEXTS = {
  label: 'Rows per page',
  option: (size: number) => `${size} per page`,
} as const;

/** Row selection and the bulk bar of a list. */
export const SELECTION_TEXTS = {
  /** The bar's landmark name. */
  barLabel: 'Selected rows',
  selected: (count: number) => `${count.toLocaleString('en-US')} selected`,
  clear: 'Clear selection',
  selectAllMatching: (total: number) => `Select all ${total.toLocaleString('en-US')} matching`,
  selectingAll: 'Selecting...',
  allMatchingSelected: (count: number) => `All ${count.toLocaleString('en-US')} matching rows are selected.`,
  /** "Select all matching" stopped at the server's limit. */
  capped: (selected: number, total: number) =>
    `Only the first ${selected.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} matching rows were selected.`,
  selectAllFailed: 'Select All Failed',
  selectAllFailedDescription: 'Failed to select every matching row. Please try again.',
  /** While a bulk call runs in chunks. */
  progress: (done: number, total: number) =>
    `Working... ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  /** The outcome panel after a bulk call. */
  outcomeLabel: 'Outcome of the last action',
  outcome: (action: string, succeeded: number, failed: number) =>
    `${action}: ${succeeded.toLocaleString('en-US')} succeeded, ${failed.toLocaleString('en-US')} failed.`,
  failedRowsLabel: 'Rows that failed',
  failedRow: (name: string, message: string) => `${name}: ${message}`,
  moreFailures: (count: number) => `and ${count.toLocaleString('en-US')} more`,
  dismiss: 'Dismiss',
  /** The one toast after a bulk call. */
  toastDone: 'Bulk Action Complete',
  toastPartlyFailed: 'Bulk Action Partly Failed',
  toastFailed: 'Bulk Action Failed',
  /** A confirmation's buttons. */
  cancel: 'Cancel',
} as const;
