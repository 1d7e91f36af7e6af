import type { CertificateStatus } from '../../contract/certificates';
import { can, type RoleName } from '../../contract/roles';

export type CertificateAction = 'edit' | 'activate' | 'delete' | 'download' | 'revoke' | 'history';

/**
 * What each status allows (docs/requirements.md#certificate-lifecycle); History is always there. Distributed
 * certificates can be revoked too: a licence already out on a machine is the case revocation exists for
 * (ADR 0002).
 */
const BY_STATUS: Record<CertificateStatus, readonly CertificateAction[]> = {
  pending: ['edit', 'activate', 'delete'],
  active: ['download', 'revoke'],
  distributed: ['download', 'revoke'],
  expired: [],
  revoked: [],
};

/** Which actions a role sees on a row: the status's steps the role may take, then History. */
export function rowActionsFor(status: CertificateStatus, role: RoleName): CertificateAction[] {
  const allowed = BY_STATUS[status].filter((action) =>
    can(role, action === 'delete' ? 'certificates:delete' : 'certificates:write'),
  );
  return [...allowed, 'history'];
}
