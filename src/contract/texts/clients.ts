// The clients screen: its texts, toasts and data-call fallbacks. Quoted once (docs/requirements.md); src/contract/ui-texts.ts gathers every area.

/** The clients screen (docs/requirements.md#screens and #validation, #error-texts). */
export const CLIENTS_TEXTS = {
  searchLabel: 'Search clients',
  searchPlaceholder: 'Search by company name...',
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
  /** The client's own contact gets the expiry reminders of its certificates. */
  remindContactLabel: 'E-mail expiry reminders to the contact',
  remindContactHint:
    'Needs a contact email. Sent once a day when a certificate of this client is about to expire.',
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
  /** The question names the client (the specification's title was 'Delete Client'). */
  deleteTitle: (name: string) => `Delete client ${name}?`,
  deleteConfirm: 'Are you sure you want to delete this client? This action cannot be undone.',
  /** A client's own page. */
  detail: {
    loading: 'Loading client...',
    detailsHeading: 'Details',
    usersHeading: 'Assigned users',
    remindersLabel: 'Expiry reminders',
    remindersOn: (email: string) => `E-mailed to ${email}`,
    remindersOff: 'Not sent to the contact',
    usersLoading: 'Loading users...',
    noUsers: 'No users are assigned to this client.',
    activityHeading: 'Activity',
    activityLabel: (name: string) => `Activity about ${name}`,
    actionsLabel: 'Client actions',
    backToList: 'All clients',
    noDescription: 'None',
  },
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

/** Bulk actions on selected clients (the requirements have none). */
export const CLIENTS_BULK_TEXTS = {
  actions: { activate: 'Activate', deactivate: 'Deactivate' },
  bulkError: 'Failed to update clients',
  fetchIdsError: CLIENTS_ERRORS.fetchClients,
} as const;
