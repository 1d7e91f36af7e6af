// Data the mocks answer with, typed by the contract so a contract change breaks them at compile time.
import type { RoleName, SessionUser, TokenSet } from '../src/contract';
import { ROLE_IDS } from '../src/contract';

/** The instant every story and visual test sees as "now": Wednesday 15 January 2025, 12:00 UTC. */
export const FIXED_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

const ROLE_UUIDS: Record<RoleName, string> = {
  owner: '00000000-0000-4000-8000-000000000001',
  admin: '00000000-0000-4000-8000-000000000002',
  editor: '00000000-0000-4000-8000-000000000003',
  viewer: '00000000-0000-4000-8000-000000000004',
};

const NAMES: Record<RoleName, string> = {
  owner: 'Olivia Owner',
  admin: 'Adam Admin',
  editor: 'Edith Editor',
  viewer: 'Victor Viewer',
};

/** One signed-in user per role. */
export const mockUsers = Object.fromEntries(
  (Object.keys(ROLE_IDS) as RoleName[]).map((role, index) => [
    role,
    {
      uuid: `10000000-0000-4000-8000-00000000000${index + 1}`,
      name: NAMES[role],
      email: `${role}@example.test`,
      role: { id: ROLE_IDS[role], uuid: ROLE_UUIDS[role], name: role },
      isActive: true,
      lastLoginAt: FIXED_NOW - 86_400_000,
    } satisfies SessionUser,
  ]),
) as Record<RoleName, SessionUser>;

/** The password every mock user signs in with. */
export const MOCK_PASSWORD = 'correct-horse-battery';

/** Tokens carry the role so the validate and refresh mocks know whose they are. */
export const accessTokenFor = (role: RoleName) => `access-${role}`;
export const refreshTokenFor = (role: RoleName) => `refresh-${role}`;

export function roleOfToken(token: string): RoleName | null {
  const role = token.replace(/^(access|refresh)-/, '');
  return role in mockUsers ? (role as RoleName) : null;
}

export function mockTokenSet(role: RoleName): TokenSet {
  return { accessToken: accessTokenFor(role), refreshToken: refreshTokenFor(role), user: mockUsers[role] };
}
