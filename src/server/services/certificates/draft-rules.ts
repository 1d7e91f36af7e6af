// Rules a certificate's dates and serial number must keep when it is created or edited (pending drafts only).
import { and, eq, sql } from 'drizzle-orm';
import { CERTIFICATE_MESSAGES, serialOverlapMessage } from '../../../contract/certificates';
import { describeDay } from '../../../contract/common';
import type { Tx } from '../../db/client';
import { certificates } from '../../db/schema';
import { tsParam } from '../../db/sql';
import { conflict, validationFailed } from '../../errors';
import { effectiveStatusSql, liveSql } from './status-rules';

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
 * Refuses a serial number whose live certificates (a draft or a licence in force) overlap [validFrom, validTo);
 * call inside the transaction. The advisory lock on the serial number makes two concurrent writers of the same
 * serial take turns, so they cannot both pass.
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
  const [clash] = await tx
    .select({
      status: effectiveStatusSql(now),
      validFrom: certificates.validFrom,
      validTo: certificates.validTo,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.serialNumber, serialNumber),
        liveSql(now),
        sql`${certificates.validFrom} < ${tsParam(validTo)}`,
        sql`${certificates.validTo} > ${tsParam(validFrom)}`,
        exceptId ? sql`${certificates.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash)
    throw conflict(
      serialOverlapMessage(serialNumber, clash.status, clash.validFrom.getTime(), clash.validTo.getTime()),
      field,
    );
}

const day = (d: Date) => describeDay(d.getTime());
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 studios, 10 users, valid Jan 1, 2026 to Jan 1, 2027": how history and activity describe a new certificate. */
export const describeTerms = (c: {
  studioCount: number;
  userCount: number;
  validFrom: Date;
  validTo: Date;
}) =>
  `${plural(c.studioCount, 'studio')}, ${plural(c.userCount, 'user')}, valid ${day(c.validFrom)} to ${day(c.validTo)}`;

export interface DraftFields {
  serialNumber: string;
  studioCount: number;
  userCount: number;
  validFrom: Date;
  validTo: Date;
  notes: string;
}

const LABELS: [keyof DraftFields, string][] = [
  ['serialNumber', 'serial number'],
  ['studioCount', 'studio count'],
  ['userCount', 'user count'],
  ['validFrom', 'valid from'],
  ['validTo', 'valid to'],
  ['notes', 'notes'],
];

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** The labels of the fields an edit changes, in form order ('serial number', 'valid to', ...). */
export const changedFields = (next: DraftFields, current: DraftFields): string[] =>
  LABELS.filter(([key]) => !same(next[key], current[key])).map(([, label]) => label);

/** Whether an edit touches what the serial-number overlap rule reads. */
export const touchesValidity = (changed: string[]) =>
  changed.some((c) => c === 'serial number' || c === 'valid from' || c === 'valid to');
