import { Button } from '../Button';
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
}

/** 'Showing X to Y of Z {noun}' (docs/requirements.md#screens). */
export function paginationSummary(page: number, pageSize: number, total: number, noun: string): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

/**
 * Previous/Next paging with the 'Showing X to Y of Z users' line. Renders nothing when everything
 * fits on one page (docs/requirements.md#screens: shown only when the total exceeds the page size). The summary is a
 * live region, so a page change is announced.
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
}: PaginationProps) {
  if (total <= pageSize) return null;
  const lastPage = Math.ceil(total / pageSize);
  return (
    <nav aria-label={label} className={styles.pagination}>
      <p className={styles.summary} aria-live="polite">
        {paginationSummary(page, pageSize, total, noun)}
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
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
      </div>
    </nav>
  );
}
