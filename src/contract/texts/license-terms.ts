// The console's texts for a licence's terms beyond its dates and seats (src/contract/license-terms.ts): the grace
// period and the licence file lifetime on the certificate forms, the Edit Terms dialog, what a certificate's page
// and the list show of them and of the last check-in, the dashboard's Needs Attention panel and the owners'
// certificate defaults on the Settings page. Imported from here by the screens that use them.
import { MAX_FILE_LIFETIME_DAYS, MAX_GRACE_DAYS, type LicenseFormatName } from '../license-terms';
import { formatCount } from '../format';

const days = (count: number) => `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;

/** Data-layer fallbacks of the calls, used when the server gave no message. */
export const LICENSE_TERMS_ERRORS = {
  amend: 'Failed to change licence terms',
  fetchDefaults: 'Failed to fetch certificate defaults',
  updateDefaults: 'Failed to save certificate defaults',
  fetchOverdue: 'Failed to fetch overdue check-ins',
} as const;

/** The two fields, on the create and edit form, the renew dialog, Edit Terms and the defaults panel. */
export const LICENSE_TERMS_FIELDS = {
  graceDays: 'Grace period (days)',
  graceDaysDescription: `Days after Valid To the licensed machines keep working (0 to ${MAX_GRACE_DAYS}).`,
  fileLifetimeDays: 'Licence file lifetime (days)',
  fileLifetimeDaysDescription: `Empty for none: the file lasts as long as the licence. Otherwise the software must check in within this many days (1 to ${formatCount(MAX_FILE_LIFETIME_DAYS)}) for a fresh file.`,
} as const;

export const LICENSE_TERMS_TEXTS = {
  /** The detail page's action button (the `amend` action). */
  editTerms: 'Edit Terms',
  /** The Edit Terms dialog. */
  amend: {
    title: 'Edit Licence Terms',
    message: (serialNumber: string) =>
      `New licence terms for ${serialNumber}: its licence is signed again with them and its status stays. Machines pick the new file up at their next check-in or download.`,
    confirm: 'Save Terms',
    confirming: 'Saving...',
    cancel: 'Cancel',
  },
  toasts: {
    amended: 'Licence Terms Changed',
    amendedDescription: (serialNumber: string) =>
      `The licence of ${serialNumber} has been signed again with its new terms.`,
    amendFailed: 'Save Failed',
  },
  /** A certificate's own page. */
  detail: {
    gracePeriod: 'Grace period',
    noGrace: 'None',
    graceDays: (count: number, until: string) => `${days(count)}, until ${until}`,
    fileLifetime: 'Licence file lifetime',
    noLifetime: 'None: the file lasts as long as the licence',
    lifetimeDays: days,
    lastCheckIn: 'Last check-in',
    never: 'Never',
    checkInFrom: (at: string, hostname: string | null, version: string | null) =>
      [at, hostname && `from ${hostname}`, version && `version ${version}`].filter(Boolean).join(', '),
    fileFormat: 'File format',
    fileIssuedAt: 'File issued',
    fileExpiresAt: 'File expires',
    formatNames: { v1: 'v1 (no grace, no lifetime)', v2: 'v2' } satisfies Record<LicenseFormatName, string>,
  },
  /** Badges beside a status or a check-in. */
  badges: {
    overdue: 'Overdue',
    overdueLabel: 'Check-in overdue',
    graceUntil: (day: string) => `Grace until ${day}`,
  },
  /** The certificates list. */
  list: {
    overdueFilter: 'Check-in overdue',
    lastCheckIn: (day: string) => `Checked in ${day}`,
    emptyOverdue: 'No certificate is overdue for a check-in.',
  },
  /** The dashboard's panel under the counters. */
  attention: {
    heading: 'Needs Attention',
    overdueCount: (count: number) =>
      `${formatCount(count)} ${count === 1 ? 'certificate is' : 'certificates are'} overdue for a check-in`,
    overdueHint: 'Their machines have not checked in within the licence file lifetime.',
    showAll: 'Show overdue certificates',
    listLabel: 'Certificates overdue for a check-in',
    lastCheckIn: (day: string) => `last check-in ${day}`,
    neverCheckedIn: 'never checked in',
    allClear: 'Nothing needs attention: every licence with a file lifetime has checked in on time.',
    loading: 'Loading overdue check-ins...',
  },
} as const;

/** The owners' certificate defaults on the Settings page. */
export const CERTIFICATE_DEFAULTS_TEXTS = {
  heading: 'Certificate defaults',
  intro: 'The terms a new certificate starts with; each certificate can be given its own.',
  licenseFormat: 'Licence file format',
  formatOptions: { v1: 'v1', v2: 'v2' } satisfies Record<LicenseFormatName, string>,
  formatDescription:
    'v1 for software that verifies only v1 files; certificates with grace or a lifetime are always signed as v2.',
  none: 'None',
  save: 'Save Defaults',
  saving: 'Saving...',
  readOnly: 'Only owners can change these defaults.',
  loading: 'Loading certificate defaults...',
  toasts: {
    saved: { title: 'Defaults Saved', description: 'New certificates start with these terms.' },
    saveFailed: { title: 'Save Failed', description: LICENSE_TERMS_ERRORS.updateDefaults },
  },
} as const;
