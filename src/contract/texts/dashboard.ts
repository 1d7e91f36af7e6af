// The dashboard: its texts and data-call fallbacks. Quoted once (docs/requirements.md); src/contract/ui-texts.ts gathers every area.

/** The dashboard (docs/requirements.md#screens and #error-texts); the requirements' texts plus the labels it leaves to us. */
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  refresh: 'Refresh',
  refreshing: 'Refreshing...',
  refreshFailedTitle: 'Refresh Failed',
  refreshFailedDescription: 'Failed to refresh dashboard data.',
  loadFailedTitle: 'Load Failed',
  loadFailedDescription: 'Failed to load dashboard data. Please try again.',
  loading: 'Loading dashboard...',
  statsLabel: 'Statistics',
  totalClients: 'Total Clients',
  activeCerts: 'Active Certs',
  distributedCerts: 'Distributed Certs',
  expiredCerts: 'Expired Certs',
  recentActivity: 'Recent Certificate Activity',
  activityColumns: { action: 'Action', performedBy: 'Performed By', daysFromNow: 'Days From Now' },
  today: 'Today',
  daysAgo: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} ago`,
  noRecentActivities: 'No recent activities',
  overview: 'Certificate Overview',
  overviewRows: {
    pending: 'Pending',
    active: 'Active',
    distributed: 'Distributed',
    expired: 'Expired',
    revoked: 'Revoked',
  },
  expiring: 'Expiring Certificates',
  timeframe: 'Timeframe',
  timeframeOption: (days: number) => `Next ${days} days`,
  expiringSearch: 'Search by serial number or client name',
  expiringColumns: {
    certificateNumber: 'Certificate Number',
    client: 'Client',
    details: 'Certificate Details',
    expiryDate: 'Expiry Date',
    daysUntilExpiry: 'Days Until Expiry',
    status: 'Status',
    actions: 'Actions',
  },
  seats: (studios: number, users: number) =>
    `${studios} ${studios === 1 ? 'studio' : 'studios'}, ${users} ${users === 1 ? 'user' : 'users'}`,
  expired: 'Expired',
  days: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  expiredBadge: 'EXPIRED',
  activeBadge: 'ACTIVE',
  distributedBadge: 'DISTRIBUTED',
  /** Each row links to its certificate, pages past 100 rows and renews by a year in one step. */
  serialLink: (serialNumber: string) => `Open certificate ${serialNumber}`,
  paginationNoun: 'certificates',
  paginationLabel: 'Expiring certificates pages',
  renew: 'Renew',
  renewLabel: (serialNumber: string) => `Renew ${serialNumber}`,
  renewTitle: 'Renew for a year',
  renewMessage: (serialNumber: string, before: string, after: string) =>
    `Renew ${serialNumber} by one year? Its end moves from ${before} to ${after}; seat counts stay. The licence is signed again and must be downloaded anew.`,
  renewConfirm: 'Renew',
  renewing: 'Renewing...',
  renewCancel: 'Cancel',
  renewed: 'Certificate Renewed',
  renewedDescription: (serialNumber: string, validTo: string) =>
    `Certificate ${serialNumber} is now valid to ${validTo}.`,
  renewFailed: 'Renewal Failed',
  noExpiringMatch: 'No certificates found matching your search.',
  noExpiring: 'No certificates expiring in the selected timeframe.',
} as const;

/** Data-layer texts of the dashboard (docs/requirements.md#error-texts). */
export const DASHBOARD_ERRORS = {
  statsFailed: (status: number) => `Failed to fetch dashboard stats: ${status}`,
  expirationFailed: 'Failed to fetch certificate expiration data.',
  activityFailed: 'Failed to fetch activity log.',
  renewFailed: 'Failed to renew certificate',
} as const;
