// The one rule for certificates of an inactive (deactivated) client, used by every certificate action and by the
// licence check; docs/security.md states it. Deactivating a client stops the company's licences from being
// honoured without destroying anything: an inactive client gets no new or renewed licence, while every action
// that only reduces exposure (revoking, deleting a draft) or hands out a licence that already exists stays open,
// so staff can wind the client down. Reactivating the client restores everything as it was.
// New certificate actions (bulk actions, renewal, transfer) add their entry here and call `assertClientAllows`.
import { eq } from 'drizzle-orm';
import { CERTIFICATE_MESSAGES } from '../../../contract/certificates';
import type { LicenseCheckCodeName } from '../../../contract/licensing';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../errors';

export type CertificateAction =
  'create' | 'edit' | 'activate' | 'generate' | 'download' | 'revoke' | 'delete';

/** Whether each action is open for a certificate of an inactive client. */
export const INACTIVE_CLIENT_RULE: Record<CertificateAction, 'allowed' | 'refused'> = {
  // Signs (or will sign) a licence: refused.
  create: 'refused',
  activate: 'refused',
  generate: 'refused',
  // A pending draft signs nothing; editing it keeps it ready for when the client is active again.
  edit: 'allowed',
  // The licence already exists; the licence check answers it REVOKED while the client is inactive anyway.
  download: 'allowed',
  // Reduce what is out there.
  revoke: 'allowed',
  delete: 'allowed',
};

/**
 * The licence check's verdict for a licence of an inactive client whose signature verified: REVOKED (the server
 * no longer honours it), before the time and machine checks, as for a revoked certificate. Not stored: the
 * certificate keeps its status, and the licence is VALID again once the client is reactivated.
 */
export const INACTIVE_CLIENT_VERDICT: LicenseCheckCodeName = 'REVOKED';

/** Whether an action is refused for a certificate of a client in this state. */
export const refusedForClient = (action: CertificateAction, client: { isActive: boolean }) =>
  !client.isActive && INACTIVE_CLIENT_RULE[action] === 'refused';

/**
 * Refuses `action` when the certificate's client is inactive: a 400 on `clientId` for `create` (the field the
 * caller chose), a 409 for a lifecycle step (the client's state, not the request, is in the way); the text is
 * the same. Locks the client row (NO KEY UPDATE, the lock its counters' update takes anyway) so the client cannot
 * be deactivated between this check and the commit. Call inside the action's transaction, after locking the
 * certificate row (the lock order of services/shared/counters.ts).
 */
export async function assertClientAllows(tx: Tx, action: CertificateAction, clientId: string): Promise<void> {
  if (INACTIVE_CLIENT_RULE[action] === 'allowed') return;
  const [client] = await tx
    .select({ isActive: clients.isActive })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('no key update');
  if (!client) throw notFound('Client');
  if (!refusedForClient(action, client)) return;
  throw action === 'create'
    ? validationFailed({ clientId: CERTIFICATE_MESSAGES.clientInactive })
    : conflict(CERTIFICATE_MESSAGES.clientInactive);
}
