// The certificate lifecycle of docs/requirements.md#certificate-lifecycle as one table (ADR 0007): which action is
// allowed from which status, the capability it needs, where it leads and the history record it writes. The
// server's transition checks, the console's row actions and the msw handlers all read this table, so they cannot
// drift apart again; tests/server/lifecycle-table.test.ts walks every cell through all three. The rules that do not
// fit a cell (an inactive client, an ended period, overlapping serial numbers, a renewal's terms) are the pure
// functions of certificate-rules.ts, and the texts a step writes are built in certificate-texts.ts.
import type { CertificateStatus, HistoryAction } from './certificates';
import { CERTIFICATE_STATUSES } from './certificates';
import { can, type Capability, type RoleName } from './roles';

/**
 * Statuses whose licence is in force until `validTo`: past it they read as expired (see `effectiveStatus`), and
 * they are what a client's "active certificates" counts (docs/requirements.md#entities).
 */
export const LICENSED_STATUSES = ['active', 'distributed'] as const satisfies readonly CertificateStatus[];
export type LicensedStatus = (typeof LICENSED_STATUSES)[number];

export const isLicensedStatus = (status: CertificateStatus | null): status is LicensedStatus =>
  status !== null && (LICENSED_STATUSES as readonly CertificateStatus[]).includes(status);

/**
 * The status a certificate reads as at `now` (docs/requirements.md#effective-status): active or distributed
 * past `validTo` reads as expired before the minute sweep has written it so. Pending drafts never expire: no
 * licence exists yet and their dates can still be edited (ADR 0002). Times are epoch milliseconds.
 */
export function effectiveStatus(stored: CertificateStatus, validTo: number, now: number): CertificateStatus {
  return isLicensedStatus(stored) && validTo <= now ? 'expired' : stored;
}

/**
 * Statuses (as readers see them) of a certificate that holds, or will hold, a licence for its serial number: a draft,
 * or a licence in force. Its periods may not overlap another live one of the same serial number, and a live
 * certificate keeps its client from being deleted. The server's SQL form, `liveSql` in
 * src/server/services/certificates/status-rules.ts, is built from this list.
 */
export const LIVE_STATUSES = [
  'pending',
  ...LICENSED_STATUSES,
] as const satisfies readonly CertificateStatus[];

/** Whether a certificate (its stored status and end) is live at `now`: see `LIVE_STATUSES`. */
export const isLiveCertificate = (stored: CertificateStatus, validTo: number, now: number): boolean =>
  (LIVE_STATUSES as readonly CertificateStatus[]).includes(effectiveStatus(stored, validTo, now));

export interface LifecycleRule {
  /** The statuses (as readers see them, `effectiveStatus`) the action is allowed from; otherwise 409 INVALID_TRANSITION. */
  readonly from: readonly CertificateStatus[];
  /** What the caller's role needs (`can`); otherwise 403, whatever the status. */
  readonly capability: Capability;
  /** Where the action leads: a status, 'unchanged', or 'deleted' (the row is gone). */
  readonly leadsTo: CertificateStatus | 'unchanged' | 'deleted';
  /** The history record the action writes, or null (a read; a delete takes its history with it). */
  readonly records: HistoryAction | null;
  /** Whether the console offers it as a button on a certificate row. */
  readonly onRow: boolean;
}

/**
 * The table. Its key order is the order of a row's buttons in the console. `history` is the read of a
 * certificate's records, open from every status. `download` leads to distributed when posted (the console's
 * download); `GET .../download` hands the same file out without changing the status. `generate` (re-issue,
 * recorded as `renewed`, with the description "Licence signed again, claims unchanged") is an API call with no row
 * button; `renew` is the renewal that changes the claims. Renew and Transfer come after Download and before Revoke:
 * on an active row the next step is still handing the file out, and the one that ends the licence stays last.
 */
export const CERTIFICATE_LIFECYCLE = {
  edit: {
    from: ['pending'],
    capability: 'certificates:write',
    leadsTo: 'unchanged',
    records: 'updated',
    onRow: true,
  },
  activate: {
    from: ['pending'],
    capability: 'certificates:write',
    leadsTo: 'active',
    records: 'activated',
    onRow: true,
  },
  // Only drafts: an issued licence is withdrawn by revoking, which keeps the record (ADR 0002).
  delete: {
    from: ['pending'],
    capability: 'certificates:delete',
    leadsTo: 'deleted',
    records: null,
    onRow: true,
  },
  generate: {
    from: ['active', 'distributed'],
    capability: 'certificates:write',
    leadsTo: 'unchanged',
    records: 'renewed',
    onRow: false,
  },
  download: {
    from: ['active', 'distributed'],
    capability: 'certificates:write',
    leadsTo: 'distributed',
    records: 'downloaded',
    onRow: true,
  },
  // The same certificate (id, serial number, client, validFrom) signed again with a later end or new seat counts:
  // the licence goes on, so one that has lapsed may be renewed too, and it is active again until its file is
  // downloaded (ADR 0010).
  renew: {
    from: ['active', 'distributed', 'expired'],
    capability: 'certificates:write',
    leadsTo: 'active',
    records: 'renewed',
    onRow: true,
  },
  // A move to a new machine: a new active certificate for the new serial number with the rest of the period, and
  // this one revoked, linked both ways.
  transfer: {
    from: ['active', 'distributed'],
    capability: 'certificates:write',
    leadsTo: 'revoked',
    records: 'revoked',
    onRow: true,
  },
  // New licence terms (grace, lifetime) for a signed licence: it is signed again, the status stays. The detail
  // page offers it ("Edit Terms"); a row keeps its buttons for the steps of the specification.
  amend: {
    from: ['active', 'distributed'],
    capability: 'certificates:write',
    leadsTo: 'unchanged',
    records: 'updated',
    onRow: false,
  },
  // Distributed too: a licence already out on a machine is the case revocation exists for (ADR 0002).
  revoke: {
    from: ['active', 'distributed'],
    capability: 'certificates:write',
    leadsTo: 'revoked',
    records: 'revoked',
    onRow: true,
  },
  history: {
    from: CERTIFICATE_STATUSES,
    capability: 'certificates:read',
    leadsTo: 'unchanged',
    records: null,
    onRow: true,
  },
} as const satisfies Record<string, LifecycleRule>;

export type LifecycleAction = keyof typeof CERTIFICATE_LIFECYCLE;
export const LIFECYCLE_ACTIONS = Object.keys(CERTIFICATE_LIFECYCLE) as LifecycleAction[];

/** Whether the action is allowed from a status (as readers see it). */
export const isAllowedFrom = (action: LifecycleAction, status: CertificateStatus): boolean =>
  (CERTIFICATE_LIFECYCLE[action].from as readonly CertificateStatus[]).includes(status);

/** Whether a role may take the action at all. */
export const roleMayTake = (role: RoleName, action: LifecycleAction): boolean =>
  can(role, CERTIFICATE_LIFECYCLE[action].capability);

/** The status after the action from `status` (unchanged for reads and re-issues; null once deleted). */
export function statusAfter(action: LifecycleAction, status: CertificateStatus): CertificateStatus | null {
  const { leadsTo } = CERTIFICATE_LIFECYCLE[action];
  if (leadsTo === 'deleted') return null;
  return leadsTo === 'unchanged' ? status : leadsTo;
}
