// The users screen: its texts, toasts and data-call fallbacks. Quoted once (docs/requirements.md); src/contract/ui-texts.ts gathers every area.
import { PAGE_TITLES } from './shell';

/** The users screen (docs/requirements.md#screens and #validation, #error-texts). */
export const USERS_TEXTS = {
  /** The list's title, and the section a user's own page names in the tab's title ('Ada · Users · ...'). */
  title: PAGE_TITLES.users,
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
  /** The question names the user (the specification's title was 'Delete User'). */
  deleteTitle: (name: string) => `Delete user ${name}?`,
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  /** A user's own page, /users/{id}; its details reuse the list's column names. */
  detail: {
    loading: 'Loading user...',
    detailsHeading: 'Details',
    clientsHeading: 'Assigned clients',
    activityHeading: 'Recent activity',
    /** The page's actions for one user, as a group (a toolbar). */
    actionsLabel: (name: string) => `Actions for ${name}`,
    backToList: 'All users',
  },
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

/** Bulk actions on selected users (the requirements have none). */
export const USERS_BULK_TEXTS = {
  actions: { enable: 'Enable', disable: 'Disable' },
  bulkError: 'Failed to update users',
  fetchIdsError: USERS_ERRORS.fetchUsers,
} as const;
