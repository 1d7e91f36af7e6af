import { describe, expect, it } from 'vitest';
import { rowActionsFor } from './row-actions';

describe('rowActionsFor', () => {
  it.each([
    ['pending', 'owner', ['edit', 'activate', 'delete', 'history']],
    ['pending', 'admin', ['edit', 'activate', 'delete', 'history']],
    ['pending', 'editor', ['edit', 'activate', 'history']],
    ['pending', 'viewer', ['history']],
    ['active', 'editor', ['download', 'renew', 'transfer', 'revoke', 'history']],
    ['active', 'viewer', ['history']],
    ['distributed', 'admin', ['download', 'renew', 'transfer', 'revoke', 'history']],
    ['distributed', 'viewer', ['history']],
    ['expired', 'owner', ['renew', 'history']],
    ['expired', 'editor', ['renew', 'history']],
    ['expired', 'viewer', ['history']],
    ['revoked', 'owner', ['history']],
  ] as const)('%s certificate, %s: %j', (status, role, actions) => {
    expect(rowActionsFor(status, role)).toEqual(actions);
  });
});
