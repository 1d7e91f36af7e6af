import { Button } from '../Button';
import { Select } from '../Select';
import * as styles from './Pagination.css';

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, plural: 'Showing 1 to 10 of 42 users'. */
  noun: string;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark; set it when a page has two paged lists. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** The page sizes offered (10, 25, 50, 100); with `onPageSizeChange`, a choice beside the pager. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** The choice's accessible name and how each size reads. */
  pageSizeLabel?: string;
  pageSizeOptionLabel?: (pageSize: number) => string;
}

/** 'Showing X to Y of Z {noun}' (docs/requirements.md#screens). */
export function paginationSummary(page: number, pageSize: number, total: number, noun: string): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

/**
 * Previous/Next paging with the 'Showing X to Y of Z users' line, and the page size choice when one is offered.
 * Previous/Next show only when the total exceeds the page size (docs/requirements.md#screens); the size choice
 * shows while the total exceeds the smallest size, so a list shown whole at 100 can go back to 10. Nothing shows
 * when there is nothing to page. The summary is a live region, so a page change is announced.
 */
export function Pagination({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  pageSizeOptions,
  onPageSizeChange,
  pageSizeLabel = 'Rows per page',
  pageSizeOptionLabel = (size) => `${size} per page`,
}: PaginationProps) {
  const sizes = onPageSizeChange && pageSizeOptions?.length ? pageSizeOptions : null;
  const isPaged = total > pageSize;
  const offersSizes = sizes !== null && total > Math.min(...sizes);
  if (!isPaged && !offersSizes) return null;
  const lastPage = Math.ceil(total / pageSize);
  return (
    <nav aria-label={label} className={styles.pagination}>
      <p className={styles.summary} aria-live="polite">
        {paginationSummary(page, pageSize, total, noun)}
      </p>
      <div className={styles.buttons}>
        {offersSizes && (
          <div className={styles.pageSize}>
            <Select<number>
              label={pageSizeLabel}
              isLabelHidden
              options={sizes.map((size) => ({ id: size, label: pageSizeOptionLabel(size) }))}
              value={pageSize}
              onChange={(size) => onPageSizeChange?.(size)}
            />
          </div>
        )}
        {isPaged && (
          <>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={page <= 1}
              onPress={() => onPageChange(page - 1)}
            >
              {previousLabel}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={page >= lastPage}
              onPress={() => onPageChange(page + 1)}
            >
              {nextLabel}
            </Button>
          </>
        )}
      </div>
    </nav>
  );
}
