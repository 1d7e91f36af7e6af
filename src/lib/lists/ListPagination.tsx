import { PAGE_SIZE_TEXTS } from '../../contract/texts/lists';
import { LIST_TEXTS } from '../../contract/texts/shell';
import { Pagination, type PaginationProps } from '../../ui';
import { PAGE_SIZE_OPTIONS } from './page-size';

/** What every list's pager says the same way: Previous, Next, and the page size choice with its sizes. */
type ListWords = 'previousLabel' | 'nextLabel' | 'pageSizeOptions' | 'pageSizeLabel' | 'pageSizeOptionLabel';

/**
 * The kit's Pagination in the console's words. The page size choice (10, 25, 50, 100) shows when the list takes
 * `onPageSizeChange`; without it (the dashboard's expiring list) the pager pages only.
 */
export function ListPagination(props: Omit<PaginationProps, ListWords>) {
  return (
    <Pagination
      previousLabel={LIST_TEXTS.previous}
      nextLabel={LIST_TEXTS.next}
      pageSizeOptions={props.onPageSizeChange ? PAGE_SIZE_OPTIONS : undefined}
      pageSizeLabel={PAGE_SIZE_TEXTS.label}
      pageSizeOptionLabel={PAGE_SIZE_TEXTS.option}
      {...props}
    />
  );
}
