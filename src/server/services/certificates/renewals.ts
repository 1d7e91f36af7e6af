// Keeping a licence going (ADR 0010): a renewal signs the same certificate again with a later end or new
// seat counts, so its history stays in one place; a transfer moves the licence to another machine as a new
// certificate for the new serial number, linked both ways to the old one, which is revoked. Both are lifecycle
// steps of the table in src/contract/certificate-lifecycle.ts and run under the certificate's row lock (ADR 0004),
// so two servers renewing the same certificate at once apply one renewal: the second sees the new end date and is
// refused like any request that asks for nothing new. The rules (a renewal's terms, the same serial, the inactive
// client, the overlap) are the pure functions of src/contract/certificate-rules.ts, asked with what this module
// reads under its locks; the texts are those of src/contract/certificate-texts.ts. The mocks call the same.
import { and, eq, gte } from 'drizzle-orm';
import {
  describeRenewal,
  extendValidTo,
  type Certificate,
  type RenewCertificateRequest,
  type TransferCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_LIFECYCLE, statusAfter } from '../../../contract/certificate-lifecycle';
import {
  loweredSeats,
  renewalRefusal,
  renewedTerms,
  transferRefusal,
} from '../../../contract/certificate-rules';
import {
  CERTIFICATE_ACTIVITY,
  CERTIFICATE_HISTORY,
  describeTermsChange,
} from '../../../contract/certificate-texts';
import type { Tx } from '../../db/client';
import { certificateRecords, certificates } from '../../db/schema';
import { refused } from '../../errors';
import type { Actor, AppContext } from '../shared/context';
import { adjustCertificateCounters } from '../shared/counters';
import { assertClientAllows } from '../clients/inactive-clients';
import { assertNoOverlap, dateField } from './draft-rules';
import { lifecycleStep, setStatus, type LicenseIssuer, type LockedCertificate } from './lifecycle';
import { recordCertificateActivity as activity, recordHistory } from './records';

/**
 * Whether the licence file was downloaded since the licence was last signed (at the same instant counts: a download
 * never comes before the signing it hands out, and a frozen test clock gives both one time): the fact the renewal
 * rule reads before a seat count may be lowered.
 */
async function downloadedSinceSigning(tx: Tx, row: LockedCertificate): Promise<boolean> {
  const [signing] = await tx
    .select({ at: certificates.licenseIssuedAt, checkedInAt: certificates.lastCheckInAt })
    .from(certificates)
    .where(eq(certificates.id, row.id));
  const signedAt = signing?.at;
  // A good check-in hands the stored licence out as a download does.
  if (signedAt && signing.checkedInAt && signing.checkedInAt >= signedAt) return true;
  const [download] = await tx
    .select({ id: certificateRecords.id })
    .from(certificateRecords)
    .where(
      and(
        eq(certificateRecords.certificateId, row.id),
        eq(certificateRecords.action, 'downloaded'),
        signedAt ? gte(certificateRecords.createdAt, signedAt) : undefined,
      ),
    )
    .limit(1);
  return download !== undefined;
}

/** The terms after a renewal, or the contract's refusal of it (nothing is written before this passes). */
async function renewedTermsOf(tx: Tx, row: LockedCertificate, input: RenewCertificateRequest, at: Date) {
  dateField(input.validTo, 'validTo');
  const current = { validTo: row.validTo.getTime(), studioCount: row.studioCount, userCount: row.userCount };
  const next = renewedTerms(current, input);
  // The downloads are read only when they can matter: a renewal that lowers no count is never refused for them.
  const downloadedSinceSigned =
    loweredSeats(current, next).length > 0 && (await downloadedSinceSigning(tx, row));
  const refusal = renewalRefusal({ current, request: input, now: at.getTime(), downloadedSinceSigned });
  if (refusal) throw refused(refusal);
  return { current, next };
}

export function createRenewalCommands(ctx: Pick<AppContext, 'db' | 'now'>, licenses: LicenseIssuer) {
  const { renew, transfer } = CERTIFICATE_LIFECYCLE;

  /** The renewal, its request made from the locked row (a bulk `extendBy` counts from the row's own end). */
  function renewStep(
    actor: Actor,
    id: string,
    requestOf: (row: LockedCertificate) => RenewCertificateRequest,
  ) {
    return lifecycleStep(ctx, id, 'renew', async (tx, row, status, at) => {
      const input = requestOf(row);
      const { current, next } = await renewedTermsOf(tx, row, input, at);
      await assertClientAllows(tx, 'renew', row.clientId);
      const validTo = new Date(next.validTo);
      const termsBefore = { graceDays: row.graceDays, fileLifetimeDays: row.fileLifetimeDays };
      const terms = {
        graceDays: input.graceDays ?? row.graceDays,
        fileLifetimeDays:
          input.fileLifetimeDays === undefined ? row.fileLifetimeDays : input.fileLifetimeDays,
      };
      // A new period of the same serial number: the overlap rule applies as to any new period.
      if (next.validTo !== current.validTo)
        await assertNoOverlap(tx, row.serialNumber, row.validFrom, validTo, at, id);
      await tx
        .update(certificates)
        .set({
          ...next,
          ...terms,
          validTo,
          ...(input.notes === undefined ? {} : { notes: input.notes }),
          updatedAt: at,
        })
        .where(eq(certificates.id, id));
      await setStatus(tx, row, statusAfter('renew', status)!, at, validTo);
      await licenses.issue(tx, { ...row, ...next, ...terms, validTo }, at);
      const changes = [describeRenewal(current, next), describeTermsChange(termsBefore, terms)]
        .filter(Boolean)
        .join('; ');
      await recordHistory(tx, id, renew.records, CERTIFICATE_HISTORY.renewed(changes), actor, at);
      await activity(tx, actor, 'renewed', row, CERTIFICATE_ACTIVITY.renewed(changes), at);
    });
  }

  return {
    /** A later end and/or new counts on the same certificate, signed again; it is active afterwards. */
    renew(actor: Actor, id: string, input: RenewCertificateRequest): Promise<Certificate> {
      return renewStep(actor, id, () => input);
    },

    /**
     * The renewal of bulk `extendBy`: the end moved on by `months` calendar months from the certificate's own end,
     * read under the row lock so a concurrent renewal is not overwritten by a stale end.
     */
    extend(actor: Actor, id: string, months: number): Promise<Certificate> {
      return renewStep(actor, id, (row) => ({ validTo: extendValidTo(row.validTo.getTime(), months) }));
    },

    /**
     * Moves the licence to the machine `serialNumber`: a new active, signed certificate with the same client and
     * counts from now to the old end, and the old one revoked; answers the new certificate.
     */
    transfer(actor: Actor, id: string, input: TransferCertificateRequest): Promise<Certificate> {
      return lifecycleStep(ctx, id, 'transfer', async (tx, row, status, at) => {
        const same = transferRefusal(row, input);
        if (same) throw refused(same);
        await assertClientAllows(tx, 'transfer', row.clientId);
        const validFrom = at;
        await assertNoOverlap(tx, input.serialNumber, validFrom, row.validTo, at, undefined, 'serialNumber');
        const newId = crypto.randomUUID();
        const moved = { ...row, id: newId, serialNumber: input.serialNumber, validFrom };
        await tx.insert(certificates).values({
          id: newId,
          clientId: row.clientId,
          serialNumber: input.serialNumber,
          studioCount: row.studioCount,
          userCount: row.userCount,
          validFrom,
          validTo: row.validTo,
          status: 'active',
          notes: row.notes,
          // The licence moves with its terms.
          graceDays: row.graceDays,
          fileLifetimeDays: row.fileLifetimeDays,
          transferredFromId: id,
          createdAt: at,
          updatedAt: at,
        });
        await adjustCertificateCounters(tx, row.clientId, null, { status: 'active', validTo: row.validTo });
        await licenses.issue(tx, moved, at);
        const terms = {
          studioCount: row.studioCount,
          userCount: row.userCount,
          validFrom: validFrom.getTime(),
          validTo: row.validTo.getTime(),
        };
        const incoming = CERTIFICATE_HISTORY.transferredIn(row.serialNumber, terms);
        await recordHistory(tx, newId, 'created', incoming, actor, at);
        const signed = CERTIFICATE_HISTORY.transferredInSigned(row.serialNumber);
        await recordHistory(tx, newId, 'activated', signed, actor, at);

        await tx.update(certificates).set({ transferredToId: newId }).where(eq(certificates.id, id));
        await setStatus(tx, row, statusAfter('transfer', status)!, at);
        const outgoing = CERTIFICATE_HISTORY.transferredOut(input.serialNumber, input.reason);
        await recordHistory(tx, id, transfer.records, outgoing, actor, at);
        const what = CERTIFICATE_ACTIVITY.transferred(input.serialNumber);
        await activity(tx, actor, 'transferred', row, what, at);
        return newId;
      });
    },
  };
}
