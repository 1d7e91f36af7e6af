export { PlainTable, type PlainTableProps } from './PlainTable';
