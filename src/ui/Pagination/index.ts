export { Pagination, paginationSummary, type PaginationProps } from './Pagination';
