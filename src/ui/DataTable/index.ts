export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type SortDescriptor,
} from './DataTable';
export { RowActions, type RowAction } from './RowActions';
export { useLatestHandler } from './use-latest-handler';
