// What a certificate change writes besides the row: its history record and its activity row, in the change's
// transaction (the history record first, the activity row last: see the lock order in counters.ts). Their texts
// are built by src/contract/certificate-texts.ts, which the mocks write with too.
import type { HistoryAction } from '../../../contract/certificates';
import { certificateActivityText } from '../../../contract/certificate-texts';
import type { ActivityVerb } from '../../../contract/dashboard';
import type { Db, Tx } from '../../db/client';
import { timeOrderedId } from '../../db/ids';
import { certificateRecords } from '../../db/schema';
import { recordActivity } from '../shared/audit';
import type { Actor } from '../shared/context';

/** Writes one history record (the caller's transaction). */
export async function recordHistory(
  tx: Db | Tx,
  certificateId: string,
  action: HistoryAction,
  description: string,
  actor: { id: string | null; name: string } | null,
  at: Date,
): Promise<void> {
  await tx.insert(certificateRecords).values({
    id: timeOrderedId(at),
    certificateId,
    action,
    description,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    createdAt: at,
  });
}

/** Writes the `certificate.<type>` activity row: "Certificate SN for Client <what>". */
export const recordCertificateActivity = (
  tx: Tx,
  actor: Actor,
  type: ActivityVerb<'certificate'>,
  row: { id: string; serialNumber: string; clientName: string },
  what: string,
  at: Date,
) =>
  recordActivity(tx, actor, {
    type: `certificate.${type}`,
    targetType: 'certificate',
    targetId: row.id,
    description: certificateActivityText(row, what),
    at,
  });
