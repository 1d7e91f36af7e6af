import { describe, expect, it } from 'vitest';
import { clientBulkActions, clientPermissions } from './client-rules';

describe('clientPermissions', () => {
  it('gives owners and admins everything', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(clientPermissions(role)).toEqual({ create: true, edit: true, delete: true, assignUsers: true });
    }
  });

  it('lets editors create and edit, not delete or assign users', () => {
    expect(clientPermissions('editor')).toEqual({
      create: true,
      edit: true,
      delete: false,
      assignUsers: false,
    });
  });

  it('gives viewers nothing but reading', () => {
    expect(clientPermissions('viewer')).toEqual({
      create: false,
      edit: false,
      delete: false,
      assignUsers: false,
    });
  });
});

describe('bulk actions on selected clients', () => {
  const owner = clientPermissions('owner');
  it('offers what would change something, to roles that edit clients', () => {
    expect(clientBulkActions(owner, [{ isActive: true }], false)).toEqual(['deactivate']);
    expect(clientBulkActions(owner, [{ isActive: true }, { isActive: false }], false)).toEqual([
      'activate',
      'deactivate',
    ]);
    expect(clientBulkActions(owner, [{ isActive: false }], true)).toEqual(['activate', 'deactivate']);
    expect(clientBulkActions(clientPermissions('viewer'), [{ isActive: true }], false)).toEqual([]);
  });
});
