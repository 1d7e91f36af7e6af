import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../../contract/roles';
import { isRoleReadOnly, userBulkActions, userRowActions, type Actor } from './user-rules';

// Everyone here has two-factor codes on, so Reset two-factor follows the role rules alone.
const person = (uuid: string, role: RoleName) => ({ uuid, role: { name: role }, mfaEnabled: true });
const owner: Actor = person('owner-1', 'owner');
const admin: Actor = person('admin-1', 'admin');

describe('userRowActions', () => {
  const every = {
    edit: true,
    toggleActive: true,
    clients: true,
    delete: true,
    signOutEverywhere: true,
    resetMfa: true,
  };
  const none = {
    edit: false,
    toggleActive: false,
    clients: false,
    delete: false,
    signOutEverywhere: false,
    resetMfa: false,
  };

  it('gives an owner every action on another owner and on an admin', () => {
    expect(userRowActions(owner, person('owner-2', 'owner'))).toEqual(every);
    expect(userRowActions(owner, person('admin-2', 'admin'))).toEqual(every);
  });

  it('gives an admin no action on an owner', () => {
    expect(userRowActions(admin, person('owner-2', 'owner'))).toEqual(none);
  });

  it('gives an admin every action on admins, editors and viewers', () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      expect(userRowActions(admin, person(`${role}-2`, role))).toEqual(every);
    }
  });

  it('never offers Disable, Delete, Sign out everywhere or Reset two-factor on oneself', () => {
    for (const actor of [owner, admin]) {
      expect(userRowActions(actor, actor)).toEqual({ ...none, edit: true, clients: true });
    }
  });

  it('offers no Sign out everywhere on a disabled user, whose sessions ended with the disabling', () => {
    expect(userRowActions(owner, { ...person('v', 'viewer'), isActive: false }).signOutEverywhere).toBe(
      false,
    );
    expect(userRowActions(owner, { ...person('v', 'viewer'), isActive: true }).signOutEverywhere).toBe(true);
  });

  it('offers Reset two-factor only on a user who has codes', () => {
    expect(userRowActions(owner, { ...person('v', 'viewer'), mfaEnabled: false }).resetMfa).toBe(false);
    expect(userRowActions(owner, person('v', 'viewer')).resetMfa).toBe(true);
  });

  it('gives editors and viewers nothing', () => {
    expect(userRowActions(person('e', 'editor'), person('v', 'viewer'))).toEqual(none);
  });
});

describe('isRoleReadOnly', () => {
  it('is read-only for an owner and for oneself, editable otherwise and when creating', () => {
    expect(isRoleReadOnly(owner, person('owner-2', 'owner'))).toBe(true);
    expect(isRoleReadOnly(admin, admin)).toBe(true);
    expect(isRoleReadOnly(admin, person('e', 'editor'))).toBe(false);
    expect(isRoleReadOnly(admin, null)).toBe(false);
  });
});

describe('bulk actions on selected users', () => {
  const active = (uuid: string, role: RoleName) => ({ ...person(uuid, role), isActive: true });
  const disabled = (uuid: string, role: RoleName) => ({ ...person(uuid, role), isActive: false });
  it('offers what would change something on users the actor may manage', () => {
    expect(userBulkActions(admin, [active('e1', 'editor')], false)).toEqual(['disable']);
    expect(userBulkActions(admin, [active('e1', 'editor'), disabled('v1', 'viewer')], false)).toEqual([
      'enable',
      'disable',
    ]);
    expect(userBulkActions(admin, [], true)).toEqual(['enable', 'disable']);
  });

  it('offers nothing when one selected user is out of reach', () => {
    expect(userBulkActions(admin, [active('e1', 'editor'), active('o1', 'owner')], false)).toEqual([]);
    expect(userBulkActions(admin, [{ ...admin, isActive: true }], false)).toEqual([]);
  });
});
