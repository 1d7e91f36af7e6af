// Console texts: the words of docs/requirements.md (#screens, #error-texts) quoted once, plus the few texts the requirements leave to us.

/** Sign-in screen (docs/requirements.md#screens). */
export const SIGN_IN_TEXTS = {
  heading: 'Sign In',
  subtitle: 'Enter your credentials to access the system',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  submit: 'Sign In',
  submitting: 'Signing in...',
  checking: 'Checking authentication...',
} as const;

/** Layout and access control (docs/requirements.md#product and #screens). */
export const LAYOUT_TEXTS = {
  authenticating: 'Authenticating...',
  logout: 'Logout',
  changePassword: 'Change password',
  mainNavigation: 'Main navigation',
} as const;

/** Navigation labels in the order the requirements list them (docs/requirements.md#screens). */
export const NAV_ITEMS = [
  { path: '/', label: 'Dashboard' },
  { path: '/users', label: 'Users' },
  { path: '/clients', label: 'Clients' },
  { path: '/certificates', label: 'Certificates' },
] as const;

export const ACCESS_DENIED_TEXTS = {
  title: 'Access Denied',
  message: "You don't have permission to access this page.",
  goBack: 'Go Back',
  goToDashboard: 'Go to Dashboard',
} as const;

export const NOT_FOUND_TEXTS = {
  title: 'Page Not Found',
  message: 'There is no page at this address.',
  goToDashboard: 'Go to Dashboard',
} as const;

/** The change-password dialog (issue 3; the requirements have no text for it). */
export const CHANGE_PASSWORD_TEXTS = {
  title: 'Change password',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  submit: 'Change password',
  submitting: 'Changing password...',
  cancel: 'Cancel',
  mismatch: 'Passwords do not match',
  successTitle: 'Password Changed',
  successDescription: 'Your password has been changed.',
} as const;

/** Page titles of the four console routes (docs/requirements.md#screens). */
export const PAGE_TITLES = {
  dashboard: 'Dashboard',
  users: 'Users',
  clients: 'Clients',
  certificates: 'Certificates',
} as const;

/** Shared words of the users and clients lists (docs/requirements.md#screens). */
export const LIST_TEXTS = {
  active: 'Active',
  inactive: 'Inactive',
  never: 'Never',
  notProvided: 'Not provided',
  previous: 'Previous',
  next: 'Next',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  delete: 'Delete',
  deleting: 'Deleting...',
  close: 'Close',
  statusFilterLabel: 'Status',
  statusAll: 'All',
  loading: 'Loading...',
} as const;

/** The users screen (docs/requirements.md#screens and #validation, #error-texts). */
export const USERS_TEXTS = {
  searchLabel: 'Search users',
  searchPlaceholder: 'Search by name or email...',
  addUser: 'Add New User',
  tableLabel: 'Users',
  columns: {
    name: 'Name',
    email: 'Email',
    role: 'Role',
    status: 'Status',
    lastLogin: 'Last Login',
    actions: 'Actions',
  },
  edit: 'Edit',
  disable: 'Disable',
  enable: 'Enable',
  clients: 'Clients',
  delete: 'Delete',
  loading: 'Loading users...',
  empty: 'No users found.',
  emptyFiltered: 'No users found matching your search.',
  /** What the pager counts: 'Showing X to Y of Z users' (docs/requirements.md#screens). */
  pageNoun: 'users',
  addTitle: 'Add New User',
  editTitle: 'Edit User',
  nameLabel: 'Name',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  passwordEditHint: 'Leave blank to keep the current password.',
  roleLabel: 'Role',
  rolePlaceholder: 'Select a role',
  createSubmit: 'Create User',
  updateSubmit: 'Update User',
  clientsTitle: (name: string) => `${name}'s Clients`,
  clientsLoading: 'Loading clients...',
  clientsColumns: {
    name: 'Company Name',
    contact: 'Contact',
    status: 'Status',
    certificates: 'Certificates',
    created: 'Created',
  },
  /** docs/requirements.md#screens: '... is not assigned to any clients yet'. */
  noClients: (name: string) => `${name} is not assigned to any clients yet`,
  deleteTitle: 'Delete User',
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
} as const;

/** Toasts of the users screen (docs/requirements.md#error-texts); a failure's description is the server's message when it sent one. */
export const USERS_TOASTS = {
  created: { title: 'User Created', description: (name: string) => `${name} has been created.` },
  updated: { title: 'User Updated', description: (name: string) => `${name} has been updated.` },
  deleted: { title: 'User Deleted', description: (name: string) => `${name} has been deleted.` },
  statusUpdated: {
    title: 'Status Updated',
    description: (name: string, isActive: boolean) =>
      `${name} has been ${isActive ? 'activated' : 'deactivated'}.`,
  },
  saveFailed: { title: 'Save Failed', description: 'Failed to save user. Please try again.' },
  statusUpdateFailed: {
    title: 'Status Update Failed',
    description: 'Failed to update user status. Please try again.',
  },
  deleteFailed: { title: 'Delete Failed', description: 'Failed to delete user. Please try again.' },
  loadFailed: { title: 'Load Failed', description: 'Failed to load user clients. Please try again.' },
} as const;

/** The users data calls' texts when the server sends no message (docs/requirements.md#error-texts). */
export const USERS_ERRORS = {
  fetchUsers: 'Failed to fetch users',
  fetchRoles: 'Failed to fetch roles',
  createUser: 'Failed to create user',
  updateUser: 'Failed to update user',
  deleteUser: 'Failed to delete user',
  fetchUser: 'Failed to fetch user',
  assignClients: 'Failed to assign clients to user',
  /** docs/requirements.md#error-texts names no text for `GET /users/{id}/clients`; the toast's words are the closest. */
  fetchUserClients: 'Failed to load user clients. Please try again.',
} as const;

/** The clients screen (docs/requirements.md#screens and #validation, #error-texts). */
export const CLIENTS_TEXTS = {
  searchLabel: 'Search clients',
  searchPlaceholder: 'Search by company name...',
  statusAll: 'All statuses',
  addClient: 'Add New Client',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exportFileName: 'clients.csv',
  tableLabel: 'Clients',
  columns: {
    name: 'Company Name',
    contactEmail: 'Contact Email',
    contactPhone: 'Contact Phone',
    status: 'Status',
    certificates: 'Certificates',
    created: 'Created',
    actions: 'Actions',
  },
  certificatesTotal: (total: number) => `${total} total`,
  certificatesActive: (active: number) => `${active} active`,
  /** The link from a client to its certificates. */
  certificatesLinkLabel: (name: string) => `Certificates of ${name}`,
  edit: 'Edit',
  users: 'Users',
  delete: 'Delete',
  loading: 'Loading clients...',
  empty: 'No clients found.',
  emptyFiltered: 'No clients found matching your filters.',
  pageNoun: 'clients',
  addTitle: 'Add New Client',
  editTitle: 'Edit Client',
  nameLabel: 'Company Name',
  descriptionLabel: 'Description',
  contactEmailLabel: 'Contact Email',
  contactPhoneLabel: 'Contact Phone',
  addressLabel: 'Address',
  activeLabel: 'Active',
  createSubmit: 'Create Client',
  updateSubmit: 'Update Client',
  assignTitle: (name: string) => `Assign Users to ${name}`,
  assignSearchLabel: 'Search users',
  searchPlaceholderUsers: 'Search by name or email...',
  assignListLabel: 'Active users',
  assignLoading: 'Loading users...',
  assignNoUsers: 'No active users found.',
  selectedUsers: 'Selected Users',
  noSelectedUsers: 'No users selected.',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  assignSubmit: 'Save Assignments',
  deleteTitle: 'Delete Client',
  deleteConfirm: 'Are you sure you want to delete this client? This action cannot be undone.',
} as const;

/** Toasts of the clients screen (docs/requirements.md#error-texts). */
export const CLIENTS_TOASTS = {
  created: { title: 'Client Created', description: (name: string) => `${name} has been created.` },
  updated: { title: 'Client Updated', description: (name: string) => `${name} has been updated.` },
  deleted: { title: 'Client Deleted', description: (name: string) => `${name} has been deleted.` },
  usersAssigned: {
    title: 'Client Updated',
    description: (name: string) => `The users of ${name} have been saved.`,
  },
  saveFailed: { title: 'Save Failed', description: 'Failed to save client. Please try again.' },
  deleteFailed: { title: 'Delete Failed', description: 'Failed to delete client. Please try again.' },
  loadFailed: { title: 'Load Failed', description: 'Failed to load clients. Please try again.' },
  exportFailed: { title: 'Export Failed', description: 'Failed to export clients. Please try again.' },
} as const;

/** The clients data calls' texts when the server sends no message (docs/requirements.md#error-texts). */
export const CLIENTS_ERRORS = {
  fetchClients: 'Failed to fetch clients',
  createClient: 'Failed to create client',
  updateClient: 'Failed to update client',
  deleteClient: 'Failed to delete client',
  fetchClient: 'Failed to fetch client',
  assignUsers: 'Failed to assign users to client',
  fetchClientUsers: 'Failed to fetch client users',
  /** The assign-users picker's list (`GET /users`): the users call's own text. */
  fetchUsers: 'Failed to fetch users',
  exportClients: 'Failed to export clients',
} as const;

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
  },
  seats: (studios: number, users: number) =>
    `${studios} ${studios === 1 ? 'studio' : 'studios'}, ${users} ${users === 1 ? 'user' : 'users'}`,
  expired: 'Expired',
  days: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  expiredBadge: 'EXPIRED',
  activeBadge: 'ACTIVE',
  noExpiringMatch: 'No certificates found matching your search.',
  noExpiring: 'No certificates expiring in the selected timeframe.',
} as const;

/** Data-layer texts of the dashboard (docs/requirements.md#error-texts). */
export const DASHBOARD_ERRORS = {
  statsFailed: (status: number) => `Failed to fetch dashboard stats: ${status}`,
  expirationFailed: 'Failed to fetch certificate expiration data.',
  activityFailed: 'Failed to fetch activity log.',
} as const;

/** Data-layer fallbacks of the certificate calls (docs/requirements.md#error-texts), used when the server gave no message. */
export const CERTIFICATE_ERRORS = {
  fetchList: 'Failed to fetch certificates',
  create: 'Failed to create certificate',
  update: 'Failed to update certificate',
  delete: 'Failed to delete certificate',
  fetchOne: 'Failed to fetch certificate',
  activate: 'Failed to activate certificate',
  generate: 'Failed to generate certificate',
  download: 'Failed to download certificate',
  revoke: 'Failed to revoke certificate',
  validate: 'Failed to validate certificate',
  fetchRecords: 'Failed to fetch certificate records',
  /** Not in the requirements: the export call and the client picker. */
  export: 'Failed to export certificates',
  fetchClients: 'Failed to fetch clients',
} as const;

/** The certificates screen (docs/requirements.md#screens and #certificate-lifecycle, #validation, #error-texts). */
export const CERTIFICATES_TEXTS = {
  title: 'Certificates',
  generate: 'Generate New Certificate',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  validateLicence: 'Validate licence',
  loading: 'Loading certificates...',
  summaryLabel: 'Certificate counts',
  counters: {
    total: 'Total',
    active: 'Active',
    pending: 'Pending',
    expired: 'Expired',
    revoked: 'Revoked',
    distributed: 'Distributed',
  },
  searchLabel: 'Search certificates',
  searchPlaceholder: 'Search by serial number or client name',
  statusLabel: 'Status',
  statusOptions: {
    all: 'All',
    active: 'Active',
    pending: 'Pending',
    expired: 'Expired',
    revoked: 'Revoked',
    distributed: 'Distributed',
  },
  clientFilter: (name: string) => `Client: ${name}`,
  clearClientFilter: 'Show all clients',
  tableLabel: 'Certificates',
  paginationNoun: 'certificates',
  paginationLabel: 'Certificates pages',
  columns: {
    serialNumber: 'Serial Number',
    client: 'Client',
    licenseDetails: 'License Details',
    validity: 'Validity Period',
    status: 'Status',
    lastUsed: 'Last Used',
    actions: 'Actions',
  },
  studios: (count: number) => `${count} ${count === 1 ? 'studio' : 'studios'}`,
  users: (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`,
  never: 'Never',
  emptyFiltered: 'No certificates found matching your filters.',
  empty: 'No certificates found.',
  actions: {
    edit: 'Edit',
    activate: 'Activate',
    delete: 'Delete',
    download: 'Download',
    revoke: 'Revoke',
    history: 'History',
  },
  rowActionsLabel: (serialNumber: string) => `Actions for ${serialNumber}`,
  form: {
    createTitle: 'Generate New Certificate',
    editTitle: 'Edit Certificate',
    client: 'Client',
    clientSearch: 'Search active clients',
    noClients: 'No active clients found',
    serialNumber: 'Serial Number',
    studioCount: 'Studio Count',
    userCount: 'User Count',
    validFrom: 'Valid From',
    validTo: 'Valid To',
    notes: 'Notes',
    create: 'Create Certificate',
    save: 'Save Changes',
    saving: 'Saving...',
    cancel: 'Cancel',
    clientRequired: 'Client is required',
  },
  revoke: {
    title: 'Revoke Certificate',
    message: (serialNumber: string) =>
      `Revoke the certificate for serial number ${serialNumber}? Its licence stops being valid.`,
    reason: 'Reason (optional)',
    confirm: 'Revoke',
    confirming: 'Revoking...',
    cancel: 'Cancel',
  },
  delete: {
    title: 'Delete Certificate',
    message: 'Are you sure you want to delete this certificate? This action cannot be undone.',
    confirm: 'Delete',
    confirming: 'Deleting...',
    cancel: 'Cancel',
  },
  history: {
    title: (serialNumber: string) => `History of ${serialNumber}`,
    loading: 'Loading history...',
    columns: {
      timestamp: 'Timestamp',
      action: 'Action',
      description: 'Description',
      performedBy: 'Performed By',
    },
    system: 'System',
    empty: 'No history records found for this certificate.',
    error: (message: string) => `Error loading history: ${message}`,
    close: 'Close',
  },
  toasts: {
    created: 'Certificate Created',
    createdDescription: (serialNumber: string) => `Certificate ${serialNumber} has been created.`,
    updated: 'Certificate Updated',
    updatedDescription: (serialNumber: string) => `Certificate ${serialNumber} has been updated.`,
    activated: 'Certificate Activated',
    activatedDescription: 'Token generated successfully!',
    revoked: 'Certificate Revoked',
    revokedDescription: (serialNumber: string) => `Certificate ${serialNumber} has been revoked.`,
    deleted: 'Certificate Deleted',
    deletedDescription: (serialNumber: string) => `Certificate ${serialNumber} has been deleted.`,
    downloaded: 'Download Complete',
    downloadedDescription: 'Certificate file has been downloaded successfully.',
    saveFailed: 'Save Failed',
    saveFailedDescription: 'Failed to save certificate. Please try again.',
    activationFailed: 'Activation Failed',
    revocationFailed: 'Revocation Failed',
    downloadFailed: 'Download Failed',
    deleteFailed: 'Delete Failed',
    exportFailed: 'Export Failed',
  },
} as const;

/** The 'Validate licence' dialog (issue 5; the requirements have no text for it). */
export const VALIDATE_LICENCE_TEXTS = {
  title: 'Validate licence',
  intro: 'Paste a licence file or choose one, then check it against this server.',
  licence: 'Licence file (JSON)',
  chooseFile: 'Choose file',
  serialNumber: 'Machine serial number (optional)',
  serialNumberDescription: 'When given, the licence must belong to this machine.',
  validate: 'Validate',
  validating: 'Validating...',
  close: 'Close',
  notJson: 'The licence is not valid JSON',
  verdict: 'Verdict',
  validTitle: 'Licence valid',
  invalidTitle: 'Licence not valid',
  certificate: 'Certificate',
  fileRead: (name: string) => `Loaded ${name}`,
} as const;
