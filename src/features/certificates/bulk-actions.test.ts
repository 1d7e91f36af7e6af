import { describe, expect, it } from 'vitest';
import { bulkActionsFor } from './bulk-actions';

describe('bulk actions on selected certificates', () => {
  it('offers what every selected status allows', () => {
    expect(bulkActionsFor(new Set(['pending']), 'owner')).toEqual(['activate', 'delete']);
    expect(bulkActionsFor(new Set(['active', 'distributed']), 'owner')).toEqual([
      'renew',
      'revoke',
      'download',
    ]);
    expect(bulkActionsFor(new Set(['pending', 'active']), 'owner')).toEqual([]);
    expect(bulkActionsFor(new Set(['expired']), 'owner')).toEqual(['renew']);
    expect(bulkActionsFor(new Set(['expired', 'revoked']), 'owner')).toEqual([]);
  });

  it('offers only what the role may take', () => {
    expect(bulkActionsFor(new Set(['pending']), 'editor')).toEqual(['activate']);
    expect(bulkActionsFor(new Set(['active']), 'viewer')).toEqual([]);
  });

  it('lets the role decide alone when some statuses are unknown', () => {
    expect(bulkActionsFor('unknown', 'admin')).toEqual(['activate', 'renew', 'revoke', 'delete', 'download']);
    expect(bulkActionsFor('unknown', 'editor')).toEqual(['activate', 'renew', 'revoke', 'download']);
  });
});
