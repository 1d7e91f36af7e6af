export {
  ActiveBadge,
  StatusBadge,
  STATUSES,
  STATUS_TONE,
  GENERIC_STATUSES,
  type GenericStatus,
  type Status,
  type StatusBadgeProps,
} from './StatusBadge';
