import { describe, expect, it } from 'vitest';
import { CERTIFICATES_TEXTS, CLIENTS_TEXTS, USERS_TEXTS, type SearchResults } from '../../contract';
import { paletteSections, recentItemOf } from './palette-items';
import type { RecentItem } from '../../lib/routing/recent-items';

const uuid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NOTHING: SearchResults = { certificates: [], clients: [], users: [] };

const titles = (sections: ReturnType<typeof paletteSections>) => sections.map((section) => section.id);
const labelsOf = (sections: ReturnType<typeof paletteSections>, id: string) =>
  sections
    .find((section) => section.id === id)
    ?.entries.map((entry) => ('label' in entry ? `${entry.label} ${entry.path}` : entry.path));

describe('paletteSections', () => {
  it("matches the pages and actions the role may open, by the contract's rule", () => {
    const owner = paletteSections({ role: 'owner', query: 'a', results: NOTHING, recent: [] });
    expect(titles(owner)).toEqual(['pages', 'actions']);
    expect(labelsOf(owner, 'pages')).toEqual(['Activity /activity', 'API tokens /api-tokens']);
    expect(labelsOf(owner, 'actions')).toEqual([
      `${CLIENTS_TEXTS.addClient} /clients?new=1`,
      `${USERS_TEXTS.addUser} /users?new=1`,
    ]);
    // Two characters match a start only: "Add New Client" does not hold "ne" at its start.
    expect(paletteSections({ role: 'owner', query: 'ne', results: NOTHING, recent: [] })).toEqual([]);
    expect(
      labelsOf(paletteSections({ role: 'owner', query: 'new', results: NOTHING, recent: [] }), 'actions'),
    ).toHaveLength(3);
  });

  it('offers each action to the roles its page shows the button to', () => {
    const editor = paletteSections({ role: 'editor', query: 'new', results: NOTHING, recent: [] });
    expect(labelsOf(editor, 'actions')).toEqual([
      `${CERTIFICATES_TEXTS.generate} /certificates?new=1`,
      `${CLIENTS_TEXTS.addClient} /clients?new=1`,
    ]);
    expect(paletteSections({ role: 'viewer', query: 'a', results: NOTHING, recent: [] })).toEqual([]);
  });

  it("lists the server's results under their groups, leading to their pages", () => {
    const sections = paletteSections({
      role: 'viewer',
      query: 'zz',
      results: {
        certificates: [{ uuid: uuid(1), serialNumber: 'ZZ-1', clientName: 'Zed', status: 'active' }],
        clients: [{ uuid: uuid(2), name: 'Zed', isActive: true }],
        users: [{ uuid: uuid(3), name: 'Zoe', email: 'zoe@example.test' }],
      },
      recent: [],
    });
    expect(titles(sections)).toEqual(['certificates', 'clients', 'users']);
    expect(sections.flatMap((section) => section.entries.map((entry) => entry.path))).toEqual([
      `/certificates/${uuid(1)}`,
      `/clients/${uuid(2)}`,
      `/users/${uuid(3)}`,
    ]);
    expect(sections.map((section) => section.entries[0] && recentItemOf(section.entries[0]))).toEqual([
      { kind: 'certificate', uuid: uuid(1), label: 'ZZ-1', detail: 'Zed' },
      { kind: 'client', uuid: uuid(2), label: 'Zed' },
      { kind: 'user', uuid: uuid(3), label: 'Zoe', detail: 'zoe@example.test' },
    ]);
  });

  it('offers the recent items before anything is typed, those the role may still open', () => {
    const recent: RecentItem[] = [
      { kind: 'user', uuid: uuid(3), label: 'Zoe' },
      { kind: 'client', uuid: uuid(2), label: 'Zed' },
    ];
    expect(
      paletteSections({ role: 'owner', query: '', results: undefined, recent })[0]?.entries,
    ).toHaveLength(2);
    const editor = paletteSections({ role: 'editor', query: '', results: undefined, recent });
    expect(titles(editor)).toEqual(['recent']);
    expect(editor[0]?.entries.map((entry) => entry.path)).toEqual([`/clients/${uuid(2)}`]);
  });
});
