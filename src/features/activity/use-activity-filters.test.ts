import { describe, expect, it } from 'vitest';
import { activityQueryOf } from './api/list-activity';
import { activityFiltersFromParams, isFiltered, paramsFromActivityFilters } from './use-activity-filters';

const ACTOR = '10000000-0000-4000-8000-000000000002';

describe('the Activity screen’s filters in the URL', () => {
  it('reads every filter and writes it back, defaults left out', () => {
    const query = `actorId=${ACTOR}&action=certificate.revoked&type=certificate&from=2025-01-01&to=2025-01-31&search=SN-1&order=asc&limit=25&page=3`;
    const filters = activityFiltersFromParams(new URLSearchParams(query));
    expect(filters).toEqual({
      actorId: ACTOR,
      action: 'certificate.revoked',
      type: 'certificate',
      from: '2025-01-01',
      to: '2025-01-31',
      search: 'SN-1',
      order: 'asc',
      page: 3,
      limit: 25,
    });
    expect(paramsFromActivityFilters(filters).toString()).toBe(query);
    expect(isFiltered(filters)).toBe(true);
    const plain = activityFiltersFromParams(new URLSearchParams());
    expect(paramsFromActivityFilters(plain).toString()).toBe('');
    expect(isFiltered(plain)).toBe(false);
  });

  it('ignores what it cannot read instead of sending it to fail', () => {
    const filters = activityFiltersFromParams(
      new URLSearchParams(
        'actorId=nope&action=DROP&type=signing_key&from=2025-02-30x&to=tomorrow&order=up&page=-1&limit=7',
      ),
    );
    expect(filters).toMatchObject({
      actorId: null,
      action: null,
      type: null,
      from: null,
      to: null,
      order: 'desc',
      page: 1,
      limit: 10,
    });
  });

  it('asks the API for the chosen days, both included: from midnight to the midnight after the last day', () => {
    const filters = activityFiltersFromParams(
      new URLSearchParams('from=2025-01-14&to=2025-01-14&search=%20x%20'),
    );
    expect(activityQueryOf(filters)).toEqual({
      actorId: undefined,
      action: undefined,
      type: undefined,
      from: Date.UTC(2025, 0, 14),
      to: Date.UTC(2025, 0, 15),
      search: 'x',
    });
    expect(activityQueryOf({ ...filters, order: 'asc' })).toMatchObject({ sort: 'createdAt', order: 'asc' });
  });
});
