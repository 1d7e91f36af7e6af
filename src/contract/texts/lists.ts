// What the certificates, clients and users lists share beyond their own words: sortable headers, the page
// size choice, row selection and the bulk bar with its outcome. Not in the requirements. src/contract/ui-texts.ts
// gathers every area.
import { formatCount } from '../format';

/** The page size choice beside a pager. */
export const PAGE_SIZE_TEXTS = {
  label: 'Rows per page',
  option: (size: number) => `${size} per page`,
} as const;

/** Row selection and the bulk bar of a list. */
export const SELECTION_TEXTS = {
  /** The bar's landmark name. */
  barLabel: 'Selected rows',
  selected: (count: number) => `${formatCount(count)} selected`,
  clear: 'Clear selection',
  selectAllMatching: (total: number) => `Select all ${formatCount(total)} matching`,
  selectingAll: 'Selecting...',
  allMatchingSelected: (count: number) => `All ${formatCount(count)} matching rows are selected.`,
  /** "Select all matching" stopped at the server's limit. */
  capped: (selected: number, total: number) =>
    `Only the first ${formatCount(selected)} of ${formatCount(total)} matching rows were selected.`,
  selectAllFailed: 'Select All Failed',
  selectAllFailedDescription: 'Failed to select every matching row. Please try again.',
  /** While a bulk call runs in chunks. */
  progress: (done: number, total: number) => `Working... ${formatCount(done)} of ${formatCount(total)}`,
  /** The outcome panel after a bulk call. */
  outcomeLabel: 'Outcome of the last action',
  outcome: (action: string, succeeded: number, failed: number) =>
    `${action}: ${formatCount(succeeded)} succeeded, ${formatCount(failed)} failed.`,
  failedRowsLabel: 'Rows that failed',
  failedRow: (name: string, message: string) => `${name}: ${message}`,
  moreFailures: (count: number) => `and ${formatCount(count)} more`,
  dismiss: 'Dismiss',
  /** The one toast after a bulk call. */
  toastDone: 'Bulk Action Complete',
  toastPartlyFailed: 'Bulk Action Partly Failed',
  toastFailed: 'Bulk Action Failed',
  /** A confirmation's buttons. */
  cancel: 'Cancel',
} as const;
