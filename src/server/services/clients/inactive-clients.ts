// Certificates of an inactive (deactivated) client, on the server: the rule itself, which action is open, is
// `INACTIVE_CLIENT_RULE` and `inactiveClientRefusal` of src/contract/certificate-rules.ts (the mocks apply the same);
// docs/security.md states it. What stays here is what only the server has: the client row's lock that keeps the
// answer true until the action commits, and the licence check's verdict for such a licence.
import { eq } from 'drizzle-orm';
import {
  INACTIVE_CLIENT_RULE,
  inactiveClientRefusal,
  type ClientRuleAction,
} from '../../../contract/certificate-rules';
import type { LicenseCheckCodeName } from '../../../contract/licensing';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { notFound, refused } from '../../errors';

/**
 * The licence check's verdict for a licence of an inactive client whose signature verified: REVOKED (the server
 * no longer honours it), before the time and machine checks, as for a revoked certificate. Not stored: the
 * certificate keeps its status, and the licence is VALID again once the client is reactivated.
 */
export const INACTIVE_CLIENT_VERDICT: LicenseCheckCodeName = 'REVOKED';

/**
 * Refuses `action` when the certificate's client is inactive, with the contract's refusal (400 on `clientId` for
 * `create`, 409 for a step). Locks the client row (NO KEY UPDATE, the lock its counters' update takes anyway) so
 * the client cannot be deactivated between this check and the commit. Call inside the action's transaction, after
 * locking the certificate row (the lock order of services/shared/counters.ts).
 */
export async function assertClientAllows(tx: Tx, action: ClientRuleAction, clientId: string): Promise<void> {
  // An action open to every client needs neither the read nor the lock.
  if (INACTIVE_CLIENT_RULE[action] === 'allowed') return;
  const [client] = await tx
    .select({ isActive: clients.isActive })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('no key update');
  if (!client) throw notFound('Client');
  const refusal = inactiveClientRefusal(action, client);
  if (refusal) throw refused(refusal);
}
