// What the server adds to the rules a certificate's dates and serial number keep (the rules themselves are pure
// functions of src/contract/certificate-rules.ts, which the mocks call too): dates the database can store, and the
// lock and the read that the serial-number overlap rule is asked with.
import { eq, sql } from 'drizzle-orm';
import { serialOverlapRefusal } from '../../../contract/certificate-rules';
import { CERTIFICATE_MESSAGES, type CertificateStatus } from '../../../contract/certificates';
import type { Tx } from '../../db/client';
import { certificates } from '../../db/schema';
import { refused, validationFailed } from '../../errors';

// A namespace for advisory locks on serial numbers (the two-int form keeps them apart from other locks).
const SERIAL_LOCK_NAMESPACE = 41_870;

/** A Date from epoch ms, or a field error when JavaScript (and so the wire format) cannot represent it. */
export function dateField(ms: number, field: 'validFrom' | 'validTo'): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) {
    throw validationFailed({
      [field]:
        field === 'validFrom' ? CERTIFICATE_MESSAGES.validFromInvalid : CERTIFICATE_MESSAGES.validToInvalid,
    });
  }
  return date;
}

/**
 * Refuses a serial number whose live certificates overlap [validFrom, validTo) (`serialOverlapRefusal`); call
 * inside the transaction. The advisory lock on the serial number makes two concurrent writers of the same serial
 * take turns, so they cannot both pass; under it the serial number's certificates are read (a serial number has
 * a handful, found by the index on serial_number) and the contract decides.
 */
export async function assertNoOverlap(
  tx: Tx,
  serialNumber: string,
  validFrom: Date,
  validTo: Date,
  now: Date,
  exceptId?: string,
  /** The request field holding `serialNumber`, when the caller sent one (create, edit, transfer): the 409 names it. */
  field?: 'serialNumber',
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERIAL_LOCK_NAMESPACE}, hashtext(${serialNumber}))`);
  const rows = await tx
    .select({
      id: certificates.id,
      status: certificates.status,
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
    })
    .from(certificates)
    .where(eq(certificates.serialNumber, serialNumber));
  const refusal = serialOverlapRefusal(
    serialNumber,
    rows.map((row) => ({
      id: row.id,
      status: row.status as CertificateStatus,
      validFrom: row.validFrom.getTime(),
      validTo: row.validTo.getTime(),
    })),
    { validFrom: validFrom.getTime(), validTo: validTo.getTime() },
    now.getTime(),
    { exceptId, field },
  );
  if (refusal) throw refused(refusal);
}
