import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, searchParamsFromFilters } from './use-certificate-filters';

describe('certificate filters in the URL', () => {
  it('reads search, status, page and clientId', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams('search=acme&status=active&page=2&clientId=20000000-0000-4000-8000-000000000001'),
    );
    expect(filters).toEqual({
      search: 'acme',
      status: 'active',
      page: 2,
      clientId: '20000000-0000-4000-8000-000000000001',
    });
  });

  it('falls back to the defaults for unreadable values', () => {
    expect(filtersFromSearchParams(new URLSearchParams('status=lost&page=-3&clientId=x'))).toEqual({
      search: '',
      status: 'all',
      page: 1,
      clientId: null,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(searchParamsFromFilters({ search: '', status: 'all', page: 1, clientId: null }).toString()).toBe(
      '',
    );
    expect(
      searchParamsFromFilters({ search: 'a b', status: 'expired', page: 3, clientId: null }).toString(),
    ).toBe('search=a+b&status=expired&page=3');
  });
});
