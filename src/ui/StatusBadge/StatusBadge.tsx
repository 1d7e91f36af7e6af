import { CERTIFICATE_STATUSES, type CertificateStatus } from '../../contract/certificates';
import * as styles from './StatusBadge.css';

/** The generic status vocabulary of docs/requirements.md#entities (users, clients). */
export const GENERIC_STATUSES = ['active', 'inactive', 'disabled', 'blocked', 'banned'] as const;
export type GenericStatus = (typeof GENERIC_STATUSES)[number];
export type Status = CertificateStatus | GenericStatus;

/** Every status the badge knows, certificate ones first. */
export const STATUSES: readonly Status[] = [
  ...new Set<Status>([...CERTIFICATE_STATUSES, ...GENERIC_STATUSES]),
];

/**
 * Each status's tone. Within a vocabulary no two share one, and the text always names the status,
 * so colour is never the only signal. 'active' means the same in both vocabularies.
 */
export const STATUS_TONE = {
  pending: 'warning',
  active: 'success',
  distributed: 'info',
  expired: 'neutral',
  revoked: 'danger',
  inactive: 'neutral',
  disabled: 'neutralStrong',
  blocked: 'caution',
  banned: 'dangerStrong',
} as const satisfies Record<Status, string>;

export interface StatusBadgeProps {
  status: Status;
  /** The text; default the status in upper case ('ACTIVE', docs/requirements.md#screens). Users show 'Active'/'Inactive'. */
  children?: string;
}

/** A status as a coloured badge whose text names it. */
export function StatusBadge({ status, children }: StatusBadgeProps) {
  return (
    <span className={styles.badge} data-status={status} data-tone={STATUS_TONE[status]}>
      <span aria-hidden="true" className={styles.dot} />
      {children ?? status.toUpperCase()}
    </span>
  );
}

/** The active/inactive badge of a user or client, in the screen's words ('Active'/'Inactive', docs/requirements.md#screens). */
export function ActiveBadge({
  isActive,
  labels,
}: {
  isActive: boolean;
  labels: { active: string; inactive: string };
}) {
  const status = isActive ? 'active' : 'inactive';
  return <StatusBadge status={status}>{labels[status]}</StatusBadge>;
}
