// What the palette lists for a query: the pages and actions the role may open (matched here, with the contract's
// rule), the server's certificates, clients and users, or, before anything is typed, the items opened last.
import { can, ROUTE_ACCESS, type RoleName } from '../../contract/access';
import {
  searchMatches,
  type SearchCertificate,
  type SearchClient,
  type SearchResults,
  type SearchUser,
} from '../../contract/search';
import { COMMAND_PALETTE_TEXTS as TEXTS } from '../../contract/texts/search';
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS, NAV_ITEMS, USERS_TEXTS } from '../../contract/ui-texts';
import { certificatePath, clientPath, userPath } from '../../lib/routing/entity-paths';
import { withCreateDialog } from '../../lib/routing/open-create';
import type { RecentItem } from '../../lib/routing/recent-items';

/** One entry of the list: `key` is unique across the sections, `path` is where it leads. */
export type PaletteEntry = { key: string; path: string } & (
  | { kind: 'page' | 'action'; label: string }
  | { kind: 'certificate'; certificate: SearchCertificate }
  | { kind: 'client'; client: SearchClient }
  | { kind: 'user'; user: SearchUser }
  | { kind: 'recent'; item: RecentItem }
);

export type PaletteGroup = keyof typeof TEXTS.groups;

export interface PaletteSection {
  id: PaletteGroup;
  title: string;
  entries: PaletteEntry[];
}

const mayOpen = (role: RoleName, path: keyof typeof ROUTE_ACCESS) =>
  (ROUTE_ACCESS[path] as readonly RoleName[]).includes(role);

/** The list page of each kind of item, whose route decides who may open its items. */
const LIST_OF = { certificate: '/certificates', client: '/clients', user: '/users' } as const;

const PATH_OF = { certificate: certificatePath, client: clientPath, user: userPath } as const;

/**
 * The create dialogs the role may open, as their pages' buttons read, by the capability that shows each button there
 * (CertificatesPage, ClientsPage, UsersPage): each opens its list page with the dialog open.
 */
const ACTIONS = [
  { label: CERTIFICATES_TEXTS.generate, list: '/certificates', capability: 'certificates:write' },
  { label: CLIENTS_TEXTS.addClient, list: '/clients', capability: 'clients:write' },
  { label: USERS_TEXTS.addUser, list: '/users', capability: 'users:manage' },
] as const;

/** The pages and actions `role` may open whose names match `query` (the server's rule: `searchMatches`). */
function localEntries(role: RoleName, query: string) {
  const pages: PaletteEntry[] = NAV_ITEMS.filter(
    (item) => mayOpen(role, item.path) && searchMatches(query, item.label),
  ).map((item) => ({ key: `page:${item.path}`, kind: 'page', label: item.label, path: item.path }));
  const actions: PaletteEntry[] = ACTIONS.filter(
    (action) => can(role, action.capability) && searchMatches(query, action.label),
  ).map((action) => ({
    key: `action:${action.list}`,
    kind: 'action',
    label: action.label,
    path: withCreateDialog(action.list),
  }));
  return { pages, actions };
}

/** The server's answer as entries, in its order. */
function resultEntries(results: SearchResults) {
  return {
    certificates: results.certificates.map((certificate): PaletteEntry => ({
      key: `certificate:${certificate.uuid}`,
      kind: 'certificate',
      certificate,
      path: certificatePath(certificate.uuid),
    })),
    clients: results.clients.map((client): PaletteEntry => ({
      key: `client:${client.uuid}`,
      kind: 'client',
      client,
      path: clientPath(client.uuid),
    })),
    users: results.users.map((user): PaletteEntry => ({
      key: `user:${user.uuid}`,
      kind: 'user',
      user,
      path: userPath(user.uuid),
    })),
  };
}

const section = (id: PaletteGroup, entries: PaletteEntry[]): PaletteSection[] =>
  entries.length === 0 ? [] : [{ id, title: TEXTS.groups[id], entries }];

/**
 * The palette's sections, empty ones left out: for an empty query the items opened last that the role may still
 * open; otherwise Pages, Actions, Certificates, Clients, Users. `results` is the server's latest answer (absent while
 * none came, or after a failure).
 */
export function paletteSections({
  role,
  query,
  results,
  recent,
}: {
  role: RoleName;
  query: string;
  results: SearchResults | undefined;
  recent: readonly RecentItem[];
}): PaletteSection[] {
  if (query === '')
    return section(
      'recent',
      recent
        .filter((item) => mayOpen(role, LIST_OF[item.kind]))
        .map((item) => ({
          key: `recent:${item.kind}:${item.uuid}`,
          kind: 'recent',
          item,
          path: PATH_OF[item.kind](item.uuid),
        })),
    );
  const { pages, actions } = localEntries(role, query);
  const found = results ? resultEntries(results) : { certificates: [], clients: [], users: [] };
  return [
    ...section('pages', pages),
    ...section('actions', actions),
    ...section('certificates', found.certificates),
    ...section('clients', found.clients),
    ...section('users', found.users),
  ];
}

/** What opening an entry adds to the user's recent items (pages and actions add nothing). */
export function recentItemOf(entry: PaletteEntry): RecentItem | null {
  switch (entry.kind) {
    case 'certificate':
      return {
        kind: 'certificate',
        uuid: entry.certificate.uuid,
        label: entry.certificate.serialNumber,
        detail: entry.certificate.clientName,
      };
    case 'client':
      return { kind: 'client', uuid: entry.client.uuid, label: entry.client.name };
    case 'user':
      return { kind: 'user', uuid: entry.user.uuid, label: entry.user.name, detail: entry.user.email };
    case 'recent':
      return entry.item;
    default:
      return null;
  }
}

/** The text an entry is known by (its accessible name's start, and what typing ahead would match). */
export function entryText(entry: PaletteEntry): string {
  switch (entry.kind) {
    case 'certificate':
      return entry.certificate.serialNumber;
    case 'client':
      return entry.client.name;
    case 'user':
      return entry.user.name;
    case 'recent':
      return entry.item.label;
    default:
      return entry.label;
  }
}
