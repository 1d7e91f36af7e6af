import { describe, expect, it } from 'vitest';
import { clientPermissions } from './client-rules';

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
