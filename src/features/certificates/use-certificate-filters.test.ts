import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, searchParamsFromFilters } from './use-certificate-filters';

describe('certificate filters in the URL', () => {
  it('reads search, status, page, clientId, sort, order and limit', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'search=acme&status=active&page=2&clientId=20000000-0000-4000-8000-000000000001&checkIn=overdue&sort=validTo&order=desc&limit=50',
      ),
    );
    expect(filters).toEqual({
      search: 'acme',
      status: 'active',
      page: 2,
      clientId: '20000000-0000-4000-8000-000000000001',
      checkIn: 'overdue',
      sort: 'validTo',
      order: 'desc',
      limit: 50,
    });
  });

  it('falls back to the defaults for unreadable values', () => {
    expect(
      filtersFromSearchParams(
        new URLSearchParams('status=lost&page=-3&clientId=x&checkIn=late&sort=uuid&order=up&limit=7'),
      ),
    ).toEqual({ search: '', status: 'all', page: 1, clientId: null, checkIn: null, limit: 10 });
  });

  it('shows the remembered page size when the URL names none', () => {
    expect(filtersFromSearchParams(new URLSearchParams(''), 25).limit).toBe(25);
    expect(filtersFromSearchParams(new URLSearchParams('limit=100'), 25).limit).toBe(100);
  });

  it('sorts ascending when the URL names a key without an order', () => {
    expect(filtersFromSearchParams(new URLSearchParams('sort=serialNumber'))).toMatchObject({
      sort: 'serialNumber',
      order: 'asc',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      searchParamsFromFilters({
        search: '',
        status: 'all',
        page: 1,
        clientId: null,
        checkIn: null,
        limit: 10,
      }).toString(),
    ).toBe('');
    expect(
      searchParamsFromFilters({
        search: 'a b',
        status: 'expired',
        page: 3,
        clientId: null,
        checkIn: 'overdue',
        sort: 'status',
        order: 'desc',
        limit: 25,
      }).toString(),
    ).toBe('search=a+b&status=expired&checkIn=overdue&sort=status&order=desc&limit=25&page=3');
  });
});
