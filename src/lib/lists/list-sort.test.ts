import { describe, expect, it } from 'vitest';
import { headerSortOf, sortFromSearchParams, sortOfHeader, sortQuery, writeSort } from './list-sort';

const KEYS = ['name', 'createdAt'] as const;

describe('a list sort in the URL', () => {
  it('reads known keys and orders only', () => {
    expect(sortFromSearchParams(new URLSearchParams('sort=name&order=desc'), KEYS)).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(sortFromSearchParams(new URLSearchParams('sort=uuid&order=sideways'), KEYS)).toEqual({
      sort: undefined,
      order: undefined,
    });
  });

  it('writes the sort, and nothing in the default order', () => {
    const params = new URLSearchParams('page=2&order=desc');
    writeSort(params, { sort: undefined, order: 'desc' });
    expect(params.toString()).toBe('page=2');
    writeSort(params, { sort: 'name', order: 'asc' });
    expect(params.toString()).toBe('page=2&sort=name&order=asc');
  });

  it('maps header presses to sort keys', () => {
    expect(headerSortOf({ sort: 'name', order: 'desc' })).toEqual({
      column: 'name',
      direction: 'descending',
    });
    expect(headerSortOf({ sort: undefined, order: undefined })).toBeUndefined();
    expect(sortOfHeader({ column: 'createdAt', direction: 'ascending' }, KEYS)).toEqual({
      sort: 'createdAt',
      order: 'asc',
    });
    expect(sortOfHeader({ column: 'status', direction: 'ascending' }, KEYS)).toBeNull();
    expect(sortQuery({ sort: 'name', order: undefined })).toEqual({ sort: 'name', order: 'asc' });
    expect(sortQuery({ sort: undefined, order: 'desc' })).toEqual({});
  });
});
