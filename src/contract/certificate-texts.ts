// The texts a certificate change writes: the description of each history record and of each activity row. The
// server's commands (src/server/services/certificates), its expiry sweep and the demo seed write them, and the msw
// handlers and fixtures write the same, so a story's history reads as the product's would. The walk of
// tests/server/lifecycle-table.test.ts compares what both wrote, step by step. Times are epoch milliseconds.
import { describeDay } from './common';
import { CHANGE_ARROW, TRANSFER_TEXTS } from './certificates';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The claims a history text names. */
export interface CertificateTerms {
  studioCount: number;
  userCount: number;
  validFrom: number;
  validTo: number;
}

/** "2 studios, 10 users, valid Jan 1, 2026 to Jan 1, 2027": how history and activity describe a new certificate. */
export const describeTerms = (c: CertificateTerms) =>
  `${plural(c.studioCount, 'studio')}, ${plural(c.userCount, 'user')}, valid ${describeDay(c.validFrom)} to ${describeDay(c.validTo)}`;

/** What an edit may change, in form order, as the server compares it. */
export interface DraftFields {
  serialNumber: string;
  studioCount: number;
  userCount: number;
  validFrom: number;
  validTo: number;
  notes: string;
  graceDays: number;
  fileLifetimeDays: number | null;
}

const LABELS: [keyof DraftFields, string][] = [
  ['serialNumber', 'serial number'],
  ['studioCount', 'studio count'],
  ['userCount', 'user count'],
  ['validFrom', 'valid from'],
  ['validTo', 'valid to'],
  ['notes', 'notes'],
  ['graceDays', 'grace period'],
  ['fileLifetimeDays', 'licence file lifetime'],
];

/** The labels of the fields an edit changes, in form order ('serial number', 'valid to', ...). */
export const changedFields = (next: DraftFields, current: DraftFields): string[] =>
  LABELS.filter(([key]) => next[key] !== current[key]).map(([, label]) => label);

/** Whether an edit touches what the serial-number overlap rule reads. */
export const touchesValidity = (changed: readonly string[]) =>
  changed.some((c) => c === 'serial number' || c === 'valid from' || c === 'valid to');

/** A revocation's reason as it is written: trimmed, nothing when blank. */
const reasonOf = (reason: string | undefined) => reason?.trim() || undefined;

/** Why a transferred certificate was revoked: "Transferred to SN-2: disk failure". */
const transferredWhy = (serialNumber: string, reason: string | undefined) =>
  [TRANSFER_TEXTS.to(serialNumber), reasonOf(reason)].filter(Boolean).join(': ');

/** The description of each history record a step writes. */
export const CERTIFICATE_HISTORY = {
  created: (clientName: string, terms: CertificateTerms) =>
    `Certificate created for ${clientName}: ${describeTerms(terms)}`,
  updated: (changed: readonly string[]) => `Changed ${changed.join(', ')}`,
  activated: 'Certificate activated and licence signed',
  /** `generate`: the licence signed again with the same claims (recorded as `renewed`). */
  generated: 'Licence signed again, claims unchanged',
  downloaded: 'Licence file downloaded',
  revoked: (reason?: string) => {
    const why = reasonOf(reason);
    return why ? `Certificate revoked: ${why}` : 'Certificate revoked';
  },
  /** `changes` is `describeRenewal(before, after)`. */
  renewed: (changes: string) => `Renewed: ${changes}`,
  /** The new certificate of a transfer: its `created` record, naming the machine it came from. */
  transferredIn: (fromSerial: string, terms: CertificateTerms) =>
    `${TRANSFER_TEXTS.from(fromSerial)}: ${describeTerms(terms)}`,
  /** The new certificate of a transfer: its `activated` record. */
  transferredInSigned: (fromSerial: string) => `${TRANSFER_TEXTS.from(fromSerial)}; licence signed`,
  /** The old certificate of a transfer: its `revoked` record. */
  transferredOut: (toSerial: string, reason?: string) =>
    `Certificate revoked: ${transferredWhy(toSerial, reason)}`,
  /** The expiry sweep's record, naming the end of the period that lapsed. */
  expired: (validTo: number) => `Certificate expired: its validity period ended on ${describeDay(validTo)}`,
  /** The `amend` action: the terms of a signed licence changed (`changes` from `describeTermsChange`). */
  amended: (changes: string) => `Licence terms changed: ${changes}; licence signed again`,
  /** The day's first good check-in of the licensed software (one record a day, like `used`). */
  checkedIn: 'Licence checked in by the licensed software',
} as const;

const describeLifetime = (days: number | null) => (days === null ? 'none' : `${days} days`);

/** What an amendment (or a renewal) changed in the terms: "grace 0 → 7 days; file lifetime none → 30 days". */
export function describeTermsChange(
  before: { graceDays: number; fileLifetimeDays: number | null },
  after: { graceDays: number; fileLifetimeDays: number | null },
): string {
  const changes: string[] = [];
  if (after.graceDays !== before.graceDays)
    changes.push(`grace ${before.graceDays} ${CHANGE_ARROW} ${after.graceDays} days`);
  if (after.fileLifetimeDays !== before.fileLifetimeDays)
    changes.push(
      `file lifetime ${describeLifetime(before.fileLifetimeDays)} ${CHANGE_ARROW} ${describeLifetime(after.fileLifetimeDays)}`,
    );
  return changes.join('; ');
}

/** The end of each activity row's text ("… for Client <what>"), by what the step did. */
export const CERTIFICATE_ACTIVITY = {
  created: (terms: CertificateTerms) => `created (${describeTerms(terms)})`,
  updated: (changed: readonly string[]) => `updated: ${changed.join(', ')}`,
  activated: 'activated',
  generated: 'licence signed again',
  downloaded: 'licence file downloaded',
  revoked: (reason?: string) => {
    const why = reasonOf(reason);
    return why ? `revoked: ${why}` : 'revoked';
  },
  renewed: (changes: string) => `renewed: ${changes}`,
  transferred: (toSerial: string) => `transferred to ${toSerial}`,
  amended: (changes: string) => `licence terms changed: ${changes}`,
  expired: 'expired',
  deleted: 'deleted',
} as const;

/** An activity row's description: "Certificate SN-1 for Acme Animation <what>". */
export const certificateActivityText = (
  certificate: { serialNumber: string; clientName: string },
  what: string,
) => `Certificate ${certificate.serialNumber} for ${certificate.clientName} ${what}`;
