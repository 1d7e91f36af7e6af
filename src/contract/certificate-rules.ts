// The rules that decide a certificate's fate beyond the lifecycle table's cells (ADR 0007 "Rule functions"), as
// pure functions over plain facts. The server's services lock the rows, read these facts and call them
// (src/server/services/certificates, services/clients/inactive-clients.ts); the msw handlers call them over their
// in-memory store. So a rule is written once, and the mocks refuse what the product refuses, with the same body.
// Each answers null (go ahead) or the `Refusal` (errors.ts) the API answers. Times are epoch milliseconds.
import {
  effectiveStatus,
  isAllowedFrom,
  isLiveCertificate,
  type LifecycleAction,
} from './certificate-lifecycle';
import {
  CERTIFICATE_MESSAGES,
  RENEWAL_MESSAGES,
  VALID_RANGE_MESSAGE,
  serialOverlapMessage,
  type CertificateStatus,
  type RenewCertificateRequest,
  type UpdateCertificateRequest,
} from './certificates';
import type { DraftFields } from './certificate-texts';
import { conflictRefusal, fieldRefusal, transitionRefusal, type Refusal } from './errors';

/** The table's verdict on `action` from `status` (as readers see it): 409 INVALID_TRANSITION, or null. */
export const lifecycleRefusal = (action: LifecycleAction, status: CertificateStatus): Refusal | null =>
  isAllowedFrom(action, status) ? null : transitionRefusal(action, status);

// --- Inactive clients -------------------------------------------------------------------------------------------

/** What the inactive-client rule is keyed by: every lifecycle action, and the creation of a certificate. */
export type ClientRuleAction = LifecycleAction | 'create';

/**
 * Whether each action is open for a certificate of an inactive (deactivated) client (docs/security.md).
 * Deactivating a client stops its licences being honoured without destroying anything: an inactive client gets no
 * new, renewed or moved licence, while what only reduces exposure or hands out a licence that already exists stays
 * open, so staff can wind the client down. Reactivating the client restores everything as it was.
 */
export const INACTIVE_CLIENT_RULE: Record<ClientRuleAction, 'allowed' | 'refused'> = {
  // Signs (or will sign) a licence: refused.
  create: 'refused',
  activate: 'refused',
  generate: 'refused',
  renew: 'refused',
  // New terms sign the licence again.
  amend: 'refused',
  // A new signed certificate for another machine.
  transfer: 'refused',
  // A pending draft signs nothing; editing it keeps it ready for when the client is active again.
  edit: 'allowed',
  // The licence already exists; the licence check answers it REVOKED while the client is inactive anyway.
  download: 'allowed',
  // Reduce what is out there, or only read.
  revoke: 'allowed',
  delete: 'allowed',
  history: 'allowed',
};

/**
 * The refusal of `action` for a certificate of this client, or null: a 400 on `clientId` for `create` (the field
 * the caller chose), a 409 for a step on an existing certificate (the client's state, not the request, is in the
 * way); the text is the same.
 */
export function inactiveClientRefusal(
  action: ClientRuleAction,
  client: { isActive: boolean },
): Refusal | null {
  if (client.isActive || INACTIVE_CLIENT_RULE[action] === 'allowed') return null;
  return action === 'create'
    ? fieldRefusal({ clientId: CERTIFICATE_MESSAGES.clientInactive })
    : conflictRefusal(CERTIFICATE_MESSAGES.clientInactive);
}

// --- Activation, edit, transfer ---------------------------------------------------------------------------------

/** A licence that would be expired on arrival helps nobody: activating an ended period is refused (409). */
export const activationRefusal = (certificate: { validTo: number }, now: number): Refusal | null =>
  certificate.validTo <= now ? conflictRefusal(CERTIFICATE_MESSAGES.validityEnded) : null;

/** A draft's fields after an edit: what the request sends, the rest as they are. */
export const editedFields = (current: DraftFields, request: UpdateCertificateRequest): DraftFields => ({
  serialNumber: request.serialNumber ?? current.serialNumber,
  studioCount: request.studioCount ?? current.studioCount,
  userCount: request.userCount ?? current.userCount,
  validFrom: request.validFrom ?? current.validFrom,
  validTo: request.validTo ?? current.validTo,
  notes: request.notes ?? current.notes,
  graceDays: request.graceDays ?? current.graceDays,
  // null is a value here (no lifetime): only an omitted field keeps the current one.
  fileLifetimeDays:
    request.fileLifetimeDays === undefined ? current.fileLifetimeDays : request.fileLifetimeDays,
});

/**
 * An edit the table allowed, refused: a status sent that is not the current one (a status moves only through the
 * lifecycle steps), or a period that would end before it starts once the request is merged with the draft.
 */
export function editRefusal(
  status: CertificateStatus,
  request: Pick<UpdateCertificateRequest, 'status'>,
  next: Pick<DraftFields, 'validFrom' | 'validTo'>,
): Refusal | null {
  if (request.status !== undefined && request.status !== status)
    return transitionRefusal('change the status of', status);
  if (next.validTo <= next.validFrom) return fieldRefusal({ validTo: VALID_RANGE_MESSAGE });
  return null;
}

/** A transfer must name another machine. */
export const transferRefusal = (
  current: { serialNumber: string },
  request: { serialNumber: string },
): Refusal | null =>
  request.serialNumber === current.serialNumber
    ? fieldRefusal({ serialNumber: RENEWAL_MESSAGES.sameSerial })
    : null;

// --- Serial-number overlap --------------------------------------------------------------------------------------

/** Another certificate of the serial number, as stored. */
export interface SerialPeriod {
  id: string;
  status: CertificateStatus;
  validFrom: number;
  validTo: number;
}

/**
 * The live certificate (`isLiveCertificate`) among `others` whose period overlaps [validFrom, validTo), ignoring
 * `exceptId` (the certificate being edited or renewed), or null. Of several, the earliest (then the lowest id), so
 * every caller names the same one whatever order it read them in.
 */
export function serialOverlap(
  others: readonly SerialPeriod[],
  period: { validFrom: number; validTo: number },
  now: number,
  exceptId?: string,
): SerialPeriod | null {
  const clashes = others.filter(
    (other) =>
      other.id !== exceptId &&
      isLiveCertificate(other.status, other.validTo, now) &&
      other.validFrom < period.validTo &&
      other.validTo > period.validFrom,
  );
  clashes.sort((a, b) => a.validFrom - b.validFrom || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return clashes[0] ?? null;
}

/**
 * The 409 for a period of `serialNumber` that overlaps a live one, naming the clash with its status as readers see
 * it; `field` is the request field that holds the serial number, when the caller sent one (create, edit, transfer).
 */
export function serialOverlapRefusal(
  serialNumber: string,
  others: readonly SerialPeriod[],
  period: { validFrom: number; validTo: number },
  now: number,
  { exceptId, field }: { exceptId?: string; field?: 'serialNumber' } = {},
): Refusal | null {
  const clash = serialOverlap(others, period, now, exceptId);
  if (!clash) return null;
  const status = effectiveStatus(clash.status, clash.validTo, now);
  return conflictRefusal(serialOverlapMessage(serialNumber, status, clash.validFrom, clash.validTo), field);
}

// --- Renewal ----------------------------------------------------------------------------------------------------

/** What a renewal changes. */
export interface RenewalTerms {
  validTo: number;
  studioCount: number;
  userCount: number;
}

/** The terms after a renewal: the new end, and the counts the request sends (the others as they are). */
export const renewedTerms = (
  current: RenewalTerms,
  request: Pick<RenewCertificateRequest, 'validTo' | 'studioCount' | 'userCount'>,
): RenewalTerms => ({
  validTo: request.validTo,
  studioCount: request.studioCount ?? current.studioCount,
  userCount: request.userCount ?? current.userCount,
});

/** The seat counts a renewal lowers, in form order. */
export const loweredSeats = (current: RenewalTerms, next: RenewalTerms) =>
  (['studioCount', 'userCount'] as const).filter((field) => next[field] < current[field]);

/**
 * Why a renewal is refused, or null. The end must be later than the current one (the same only when a count
 * changes) and in the future; a seat count may not be lowered once the licence was downloaded since it was last
 * signed, since a machine may hold a file with more seats (every lowered count is named).
 */
export function renewalRefusal(facts: {
  current: RenewalTerms;
  request: Pick<RenewCertificateRequest, 'validTo' | 'studioCount' | 'userCount'>;
  now: number;
  /** A `downloaded` record at or after the licence's last signing. */
  downloadedSinceSigned: boolean;
}): Refusal | null {
  const { current, now } = facts;
  const next = renewedTerms(current, facts.request);
  const countsChange = next.studioCount !== current.studioCount || next.userCount !== current.userCount;
  if (next.validTo < current.validTo || (next.validTo === current.validTo && !countsChange))
    return fieldRefusal({ validTo: RENEWAL_MESSAGES.validToNotLater });
  if (next.validTo <= now) return fieldRefusal({ validTo: RENEWAL_MESSAGES.validToPassed });
  const lowered = loweredSeats(current, next);
  if (lowered.length === 0 || !facts.downloadedSinceSigned) return null;
  return fieldRefusal(
    Object.fromEntries(
      lowered.map((field) => [
        field,
        RENEWAL_MESSAGES.seatsLowered(
          field === 'studioCount' ? 'Studio count' : 'User count',
          current[field],
        ),
      ]),
    ),
  );
}
