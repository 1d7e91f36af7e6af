export {
  BulkBar,
  type BulkBarAction,
  type BulkBarFailure,
  type BulkBarOutcome,
  type BulkBarProps,
  type BulkBarTexts,
} from './BulkBar';
