import { describe, expect, it } from 'vitest';
import {
  compactFilter,
  lastPage,
  nextSort,
  pageForSize,
  parseListSearch,
  refusedFilters,
  sameFilter,
  serializeListSearch,
  toListQuery,
} from '../../src/client/kit/list-state';

describe('list state in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(parseListSearch('').params).toEqual({ p: 1, s: 10, sort_by: undefined, sort_direction: undefined, q: undefined, filter: {}, filterOpen: false });
    const withDefaults = parseListSearch('', { s: 20, sort_by: 'id', sort_direction: 'desc', filter: { state: 'new' } }).params;
    expect(withDefaults).toMatchObject({ s: 20, sort_by: 'id', sort_direction: 'desc', filter: { state: 'new' } });
  });

  it('reads every parameter, nested filters in bracket notation included', () => {
    const { params, rest } = parseListSearch(
      '?p=3&s=50&sort_by=name&sort_direction=desc&q=acme&filter[state]=new&filter[amount][gteq]=10.50&filter[roles][]=admin&filter[roles][]=payments&show=filter&tab=x',
    );
    expect(params).toEqual({
      p: 3,
      s: 50,
      sort_by: 'name',
      sort_direction: 'desc',
      q: 'acme',
      filter: { state: 'new', amount: { gteq: '10.50' }, roles: ['admin', 'payments'] },
      filterOpen: true,
    });
    expect(rest).toEqual({ tab: 'x' });
  });

  it('repairs bad values: page below 1, size not offered, direction without a column', () => {
    expect(parseListSearch('p=0&s=13&sort_direction=sideways').params).toMatchObject({ p: 1, s: 10, sort_by: undefined, sort_direction: undefined });
    expect(parseListSearch('p=abc&sort_by=name').params).toMatchObject({ p: 1, sort_by: 'name', sort_direction: 'asc' });
  });

  it('writes only what differs from the defaults, in a stable order, keeping foreign parameters', () => {
    const defaults = { sort_by: 'id', sort_direction: 'desc' as const };
    const base = parseListSearch('tab=2', defaults);
    expect(serializeListSearch(base.params, defaults, base.rest)).toBe('tab=2');
    expect(
      serializeListSearch(
        { ...base.params, p: 2, s: 20, sort_by: 'name', sort_direction: 'asc', q: 'a b', filter: { amount: { gteq: '1.5' }, roles: ['x', 'y'], empty: '' }, filterOpen: true },
        defaults,
        base.rest,
      ),
    ).toBe('p=2&s=20&sort_by=name&sort_direction=asc&q=a%20b&filter[amount][gteq]=1.5&filter[roles][]=x&filter[roles][]=y&show=filter&tab=2');
  });

  it('round-trips, and marks an emptied default filter with filter=', () => {
    const defaults = { filter: { state: 'open' } };
    const emptied = serializeListSearch({ ...parseListSearch('', defaults).params, filter: {} }, defaults);
    expect(emptied).toBe('filter=');
    expect(parseListSearch(emptied, defaults).params.filter).toEqual({});
    const search = 'p=4&sort_by=bic&sort_direction=desc&filter[created_at][gteq]=2024-01-01&filter[created_at][lteq]=2024-01-31';
    expect(serializeListSearch(parseListSearch(search).params)).toBe(search);
  });

  it('builds the API query', () => {
    expect(toListQuery(parseListSearch('q=x&filter[a]=&filter[b]=1&show=filter').params)).toEqual({ p: 1, s: 10, q: 'x', filter: { b: '1' } });
    expect(toListQuery(parseListSearch('sort_by=name').params)).toEqual({ p: 1, s: 10, sort_by: 'name', sort_direction: 'asc' });
  });

  it('keeps the first visible row visible when the page size changes', () => {
    expect(pageForSize(1, 10, 50)).toBe(1);
    expect(pageForSize(3, 10, 20)).toBe(2); // row 21 is on page 2 of 20
    expect(pageForSize(6, 10, 50)).toBe(2); // row 51 → page 2 of 50
    expect(pageForSize(2, 50, 10)).toBe(6); // row 51 → page 6 of 10
    expect(pageForSize(5, 20, 50)).toBe(2); // row 81 → page 2 of 50
  });

  it('toggles the sort of the same column and starts a new column ascending', () => {
    expect(nextSort({}, 'name')).toEqual({ sort_by: 'name', sort_direction: 'asc' });
    expect(nextSort({ sort_by: 'name', sort_direction: 'asc' }, 'name')).toEqual({ sort_by: 'name', sort_direction: 'desc' });
    expect(nextSort({ sort_by: 'name', sort_direction: 'desc' }, 'name')).toEqual({ sort_by: 'name', sort_direction: 'asc' });
    expect(nextSort({ sort_by: 'name', sort_direction: 'desc' }, 'bic')).toEqual({ sort_by: 'bic', sort_direction: 'asc' });
  });

  it('knows the last page and compares filters by content', () => {
    expect(lastPage(57, 10)).toBe(6);
    expect(lastPage(60, 10)).toBe(6);
    expect(lastPage(0, 10)).toBe(1);
    expect(sameFilter({ a: ['x', 'y'], b: { gteq: '1' } }, { b: { gteq: '1', lteq: '' }, a: ['y', 'x'] })).toBe(true);
    expect(sameFilter({ a: '1' }, { a: '2' })).toBe(false);
    expect(compactFilter({ a: '', b: [], c: { d: '' }, e: 'x' })).toEqual({ e: 'x' });
  });
});

describe('an address with parameters the list does not take', () => {
  it('falls back to the defaults for a bad size, page, sort column and filter name', () => {
    const shape = { sortable: ['name', 'id'], filters: ['country_code'] };
    const { params } = parseListSearch('s=7&sort_by=evil&p=-3&filter[nope]=1&filter[country_code]=DE', { sort_by: 'name' }, shape);
    expect(params).toMatchObject({ p: 1, s: 10, sort_by: 'name', sort_direction: undefined, filter: { country_code: 'DE' } });
    expect(toListQuery(params)).toEqual({ p: 1, s: 10, sort_by: 'name', sort_direction: 'asc', filter: { country_code: 'DE' } });
    expect(parseListSearch('sort_by=id&sort_direction=desc', {}, shape).params).toMatchObject({ sort_by: 'id', sort_direction: 'desc' });
  });
});

describe('filters a list answer refused', () => {
  it('names the filters of a 422 that refused only filters', () => {
    const refusal = (errors: Record<string, string[]>, status = 422) => ({ status, body: { errors } });
    expect(refusedFilters(refusal({ 'filter[created_at][gteq]': ['invalid'], 'filter[roles]': ['invalid'], 'filter[created_at][lteq]': ['invalid'] }))).toEqual(['created_at', 'roles']);
    expect(refusedFilters(refusal({ 'filter[roles]': ['invalid'], sort_by: ['invalid'] }))).toEqual([]);
    expect(refusedFilters(refusal({ 'filter[roles]': ['invalid'] }, 500))).toEqual([]);
    expect(refusedFilters(new Error('network'))).toEqual([]);
    expect(refusedFilters(undefined)).toEqual([]);
  });
});
