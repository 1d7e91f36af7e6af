import type { CertificateStatus } from '../../contract/certificates';
import {
  CERTIFICATE_LIFECYCLE,
  LIFECYCLE_ACTIONS,
  isAllowedFrom,
  roleMayTake,
} from '../../contract/certificate-lifecycle';
import type { RoleName } from '../../contract/roles';

/** The actions a certificate row can show: the lifecycle table's actions that have a row button. */
export type CertificateAction =
  'edit' | 'activate' | 'delete' | 'download' | 'renew' | 'transfer' | 'revoke' | 'history';

/** The actions a certificate's own page can show: a row's, and Edit Terms (`amend`), which only the page offers. */
export type PageAction = CertificateAction | 'amend';

/**
 * How each action's button looks. Renew keeps a licence going (primary: on an expired certificate it is the one way
 * forward); Transfer revokes this one but the licence lives on in the new one. Delete and Revoke stay secondary:
 * they only open a confirmation, whose button is the red one.
 */
export const ACTION_VARIANT: Record<PageAction, 'primary' | 'secondary' | 'ghost'> = {
  edit: 'secondary',
  activate: 'primary',
  delete: 'secondary',
  download: 'primary',
  renew: 'primary',
  transfer: 'secondary',
  revoke: 'secondary',
  history: 'ghost',
  amend: 'secondary',
};

const onRow = (action: (typeof LIFECYCLE_ACTIONS)[number]): action is CertificateAction =>
  CERTIFICATE_LIFECYCLE[action].onRow;

/**
 * What each status allows (docs/requirements.md#certificate-lifecycle), read from the lifecycle table
 * (src/contract/certificate-lifecycle.ts) in its order; History is open from every status and shown last.
 */
const stepsFrom = (status: CertificateStatus): readonly CertificateAction[] =>
  LIFECYCLE_ACTIONS.filter(onRow).filter((action) => action !== 'history' && isAllowedFrom(action, status));
const BY_STATUS: Record<CertificateStatus, readonly CertificateAction[]> = {
  pending: stepsFrom('pending'),
  active: stepsFrom('active'),
  distributed: stepsFrom('distributed'),
  expired: stepsFrom('expired'),
  revoked: stepsFrom('revoked'),
};

/** Which actions a role sees on a row: the status's steps the role may take, then History. */
export function rowActionsFor(status: CertificateStatus, role: RoleName): CertificateAction[] {
  const allowed = BY_STATUS[status].filter((action) => roleMayTake(role, action));
  return [...allowed, 'history'];
}

/**
 * The steps a certificate's own page shows as buttons, in the lifecycle table's order: the row's steps (without
 * History, which the page shows as its timeline) and Edit Terms where the status allows it and the role may.
 */
export function pageActionsFor(status: CertificateStatus, role: RoleName): PageAction[] {
  const onRowHere = new Set<string>(rowActionsFor(status, role));
  return LIFECYCLE_ACTIONS.filter(
    (action): action is PageAction =>
      action !== 'history' &&
      (onRowHere.has(action) ||
        (action === 'amend' && isAllowedFrom(action, status) && roleMayTake(role, action))),
  );
}
