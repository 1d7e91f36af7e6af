import type { CertificateBulkAction, CertificateStatus } from '../../contract/certificates';
import { isAllowedFrom, roleMayTake } from '../../contract/certificate-lifecycle';
import type { RoleName } from '../../contract/roles';

/** What the bulk bar offers on selected certificates: the bulk call's actions and the zip of their licences. */
export type CertificateBulkChoice = CertificateBulkAction | 'download';

/** The bar's order: the lifecycle's steps forward (renew keeps licences going), then the destructive ones, then the download. */
const ORDER: readonly CertificateBulkChoice[] = ['activate', 'renew', 'revoke', 'delete', 'download'];

/**
 * The bulk actions offered on a selection, read off the lifecycle table as the row buttons are: those
 * the role may take and every selected status allows. `statuses` are the selected rows' statuses; 'unknown' when
 * some were selected from the server's ids without being seen (a "select all matching" over an unfiltered list):
 * then the role decides alone, and the server's outcome names each row the action was not allowed on.
 */
export function bulkActionsFor(
  statuses: ReadonlySet<CertificateStatus> | 'unknown',
  role: RoleName,
): CertificateBulkChoice[] {
  return ORDER.filter(
    (action) =>
      roleMayTake(role, action) &&
      (statuses === 'unknown' || [...statuses].every((status) => isAllowedFrom(action, status))),
  );
}
