// Keeping a licence going (ADR 0010): a renewal signs the same certificate again with a later end or new
// seat counts, so its history stays in one place; a transfer moves the licence to another machine as a new
// certificate for the new serial number, linked both ways to the old one, which is revoked. Both are lifecycle
// steps of the table in src/contract/certificate-lifecycle.ts and run under the certificate's row lock (ADR 0004),
// so two servers renewing the same certificate at once apply one renewal: the second sees the new end date and is
// refused like any request that asks for nothing new.
import { and, desc, eq, gte } from 'drizzle-orm';
import {
  RENEWAL_MESSAGES,
  TRANSFER_TEXTS,
  describeRenewal,
  extendValidTo,
  type Certificate,
  type RenewCertificateRequest,
  type TransferCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_LIFECYCLE, statusAfter } from '../../../contract/certificate-lifecycle';
import type { Tx } from '../../db/client';
import { certificateRecords, certificates } from '../../db/schema';
import { validationFailed } from '../../errors';
import type { Actor, AppContext } from '../shared/context';
import { adjustCertificateCounters } from '../shared/counters';
import { assertClientAllows } from '../clients/inactive-clients';
import { assertNoOverlap, dateField, describeTerms } from './draft-rules';
import { lifecycleStep, setStatus, type LicenseIssuer, type LockedCertificate } from './lifecycle';
import { recordCertificateActivity as activity, recordHistory } from './records';

/**
 * Whether the licence file was downloaded since the licence was last signed (at the same instant counts: a download
 * never comes before the signing it hands out, and a frozen test clock gives both one time).
 */
async function downloadedSinceSigning(tx: Tx, row: LockedCertificate): Promise<boolean> {
  const signedAt = (
    await tx
      .select({ at: certificates.licenseIssuedAt })
      .from(certificates)
      .where(eq(certificates.id, row.id))
  )[0]?.at;
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
    .orderBy(desc(certificateRecords.createdAt))
    .limit(1);
  return download !== undefined;
}

/** The terms after a renewal, or the field error that refuses it (nothing is written before this passes). */
async function renewedTerms(tx: Tx, row: LockedCertificate, input: RenewCertificateRequest, at: Date) {
  const validTo = dateField(input.validTo, 'validTo');
  const next = {
    validTo,
    studioCount: input.studioCount ?? row.studioCount,
    userCount: input.userCount ?? row.userCount,
  };
  const countsChange = next.studioCount !== row.studioCount || next.userCount !== row.userCount;
  const current = row.validTo.getTime();
  if (validTo.getTime() < current || (validTo.getTime() === current && !countsChange))
    throw validationFailed({ validTo: RENEWAL_MESSAGES.validToNotLater });
  if (validTo.getTime() <= at.getTime()) throw validationFailed({ validTo: RENEWAL_MESSAGES.validToPassed });
  const lowered = (['studioCount', 'userCount'] as const).filter((field) => next[field] < row[field]);
  if (lowered.length > 0 && (await downloadedSinceSigning(tx, row))) {
    throw validationFailed(
      Object.fromEntries(
        lowered.map((field) => [
          field,
          RENEWAL_MESSAGES.seatsLowered(field === 'studioCount' ? 'Studio count' : 'User count', row[field]),
        ]),
      ),
    );
  }
  return next;
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
      const next = await renewedTerms(tx, row, input, at);
      await assertClientAllows(tx, 'generate', row.clientId);
      // A new period of the same serial number: the overlap rule applies as to any new period.
      if (next.validTo.getTime() !== row.validTo.getTime())
        await assertNoOverlap(tx, row.serialNumber, row.validFrom, next.validTo, at, id);
      await tx
        .update(certificates)
        .set({ ...next, ...(input.notes === undefined ? {} : { notes: input.notes }), updatedAt: at })
        .where(eq(certificates.id, id));
      await setStatus(tx, row, statusAfter('renew', status)!, at, next.validTo);
      await licenses.issue(tx, { ...row, ...next }, at);
      const changes = describeRenewal(
        { validTo: row.validTo.getTime(), studioCount: row.studioCount, userCount: row.userCount },
        { ...next, validTo: next.validTo.getTime() },
      );
      await recordHistory(tx, id, renew.records, `Renewed: ${changes}`, actor, at);
      await activity(tx, actor, 'renewed', row, `renewed: ${changes}`, at);
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
      const reason = input.reason?.trim();
      return lifecycleStep(ctx, id, 'transfer', async (tx, row, status, at) => {
        if (input.serialNumber === row.serialNumber)
          throw validationFailed({ serialNumber: RENEWAL_MESSAGES.sameSerial });
        await assertClientAllows(tx, 'activate', row.clientId);
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
          transferredFromId: id,
          createdAt: at,
          updatedAt: at,
        });
        await adjustCertificateCounters(tx, row.clientId, null, { status: 'active', validTo: row.validTo });
        await licenses.issue(tx, moved, at);
        const from = TRANSFER_TEXTS.from(row.serialNumber);
        await recordHistory(tx, newId, 'created', `${from}: ${describeTerms(moved)}`, actor, at);
        await recordHistory(tx, newId, 'activated', `${from}; licence signed`, actor, at);

        await tx.update(certificates).set({ transferredToId: newId }).where(eq(certificates.id, id));
        await setStatus(tx, row, statusAfter('transfer', status)!, at);
        const why = [TRANSFER_TEXTS.to(input.serialNumber), reason].filter(Boolean).join(': ');
        await recordHistory(tx, id, transfer.records, `Certificate revoked: ${why}`, actor, at);
        await activity(tx, actor, 'transferred', row, `transferred to ${input.serialNumber}`, at);
        return newId;
      });
    },
  };
}
