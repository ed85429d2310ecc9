import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../src/server/http/errors.js';
import { encodeCursor, parseListQuery, type ListSpec } from '../../src/server/http/list-query.js';

interface Things {
  things: {
    id: number;
    name: string;
    state: string;
    amount: string;
    vendor_id: number | null;
    due_on: string | null;
    active: boolean;
    created_at: Date;
  };
}

const spec: ListSpec<Things> = {
  sort: { name: 'things.name', created_at: 'things.created_at', due_on: { column: 'things.due_on', nullable: true } },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: {
    state: { column: 'things.state', kind: 'string', values: ['new', 'paid'] },
    name: { column: 'things.name', kind: 'text' },
    amount: { column: 'things.amount', kind: 'decimal' },
    vendor_id: { column: 'things.vendor_id', kind: 'integer' },
    due_on: { column: 'things.due_on', kind: 'date' },
    created_at: { column: 'things.created_at', kind: 'timestamp' },
    active: { column: 'things.active', kind: 'boolean' },
  },
};

/** Parses a query string the way the server's query-string parser does. */
const parse = (query: string, s: ListSpec<Things> = spec) =>
  parseListQuery<Things>(qs.parse(query, { depth: 5, arrayLimit: 200, parameterLimit: 500 }) as Record<string, unknown>, s);

/** The 422 errors a query string is refused with. */
function refusal(query: string): unknown {
  try {
    parse(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).statusCode).toBe(422);
    return (error as ValidationFailed).errors;
  }
  throw new Error(`accepted ${query}`);
}

describe('paging', () => {
  it('defaults to page 1 of 10', () => {
    expect(parse('')).toMatchObject({ page: 1, size: 10, sort: { column: 'name', direction: 'asc' }, q: undefined, conditions: [] });
  });

  it('reads p/s and page/size', () => {
    expect(parse('p=3&s=20')).toMatchObject({ page: 3, size: 20 });
    expect(parse('page=4&size=50')).toMatchObject({ page: 4, size: 50 });
    expect(parse('p=&s=')).toMatchObject({ page: 1, size: 10 });
  });

  it('caps the page size at 100, or at the resource maximum', () => {
    expect(parse('s=100').size).toBe(100);
    expect(parse('s=1000').size).toBe(100);
    expect(parse('size=5000').size).toBe(100);
    expect(parse('s=40', { ...spec, maxSize: 25 }).size).toBe(25);
  });

  it.each([
    ['p=0', 'p'],
    ['p=-1', 'p'],
    ['p=abc', 'p'],
    ['p=1.5', 'p'],
    ['p[]=1', 'p'],
    ['page=0', 'page'],
    ['s=0', 's'],
    ['size=x', 'size'],
    // Beyond any real list; a number this long would lose precision and overflow the SQL offset.
    ['p=99999999999999999999', 'p'],
    // Decimals have money's grammar, as the form fields do: no comma, no exponent.
    ['filter[amount][gteq]=12,5', 'filter[amount][gteq]'],
    ['filter[amount][eq]=1e3', 'filter[amount][eq]'],
  ])('refuses %s naming %s', (query, param) => {
    expect(refusal(query)).toEqual({ [param]: ['invalid'] });
  });

  it('names every refused filter at once', () => {
    expect(refusal('filter[amount][gteq]=x&filter[state]=new&filter[nope]=1')).toEqual({ 'filter[amount][gteq]': ['invalid'], 'filter[nope]': ['invalid'] });
  });
});

describe('sorting', () => {
  it('reads sort_by and sort_direction', () => {
    expect(parse('sort_by=created_at&sort_direction=desc').sort).toEqual({ column: 'created_at', direction: 'desc' });
    expect(parse('sort_by=created_at').sort).toEqual({ column: 'created_at', direction: 'asc' });
    expect(parse('sort_by=&sort_direction=').sort).toEqual({ column: 'name', direction: 'asc' });
  });

  it('reads the sort forms name, -name and "name desc"', () => {
    expect(parse('sort=created_at').sort).toEqual({ column: 'created_at', direction: 'asc' });
    expect(parse('sort=-created_at').sort).toEqual({ column: 'created_at', direction: 'desc' });
    expect(parse('sort=created_at%20desc').sort).toEqual({ column: 'created_at', direction: 'desc' });
    expect(parse('sort=created_at%20asc').sort).toEqual({ column: 'created_at', direction: 'asc' });
  });

  it('prefers sort_by over sort', () => {
    expect(parse('sort_by=created_at&sort=-name').sort).toEqual({ column: 'created_at', direction: 'asc' });
  });

  it('refuses an unknown sort column naming sort_by, whatever it tries', () => {
    expect(refusal('sort_by=password_digest')).toEqual({ sort_by: ['invalid'] });
    expect(refusal('sort_by=name;DROP%20TABLE%20users')).toEqual({ sort_by: ['invalid'] });
    expect(refusal('sort_by=constructor')).toEqual({ sort_by: ['invalid'] });
    expect(refusal('sort_by[]=name')).toEqual({ sort_by: ['invalid'] });
  });

  it('names the sort parameter when the sort form was used', () => {
    expect(refusal('sort=-password_digest')).toEqual({ sort: ['invalid'] });
    expect(refusal('sort=name%20sideways')).toEqual({ sort: ['invalid'] });
    expect(refusal('sort[]=name')).toEqual({ sort: ['invalid'] });
  });

  it('refuses a direction other than asc or desc', () => {
    expect(refusal('sort_by=name&sort_direction=up')).toEqual({ sort_direction: ['invalid'] });
    expect(refusal('sort_direction=DESC')).toEqual({ sort_direction: ['invalid'] });
  });
});

describe('search', () => {
  it('trims q and drops an empty one', () => {
    expect(parse('q=%20%20Acme%20Ltd%20').q).toBe('Acme Ltd');
    expect(parse('q=%20%20').q).toBeUndefined();
    expect(parse('q=').q).toBeUndefined();
  });

  it('refuses a q that is not text', () => {
    expect(refusal('q[]=a')).toEqual({ q: ['invalid'] });
    expect(refusal('q[x]=a')).toEqual({ q: ['invalid'] });
  });
});

describe('filters', () => {
  it('reads filter[state]=new as an equality, and a text filter as contains', () => {
    const { conditions } = parse('filter[state]=new&filter[name]=ac');
    expect(conditions.map(({ name, op, value }) => ({ name, op, value }))).toEqual([
      { name: 'state', op: 'eq', value: 'new' },
      { name: 'name', op: 'contains', value: 'ac' },
    ]);
  });

  it('reads ranges: filter[amount][gteq]=10&filter[amount][lt]=20.5', () => {
    const { conditions } = parse('filter[amount][gteq]=10&filter[amount][lt]=20.5');
    expect(conditions.map(({ name, op, value }) => ({ name, op, value }))).toEqual([
      { name: 'amount', op: 'gteq', value: '10' },
      { name: 'amount', op: 'lt', value: '20.5' },
    ]);
  });

  it('keeps decimals as strings (never floats)', () => {
    const { conditions } = parse('filter[amount][eq]=12345678.1000000001');
    expect(conditions[0].value).toBe('12345678.1000000001');
  });

  it('reads lists: filter[vendor_id][]=1&filter[vendor_id][]=2', () => {
    const { conditions } = parse('filter[vendor_id][]=1&filter[vendor_id][]=2');
    expect(conditions.map(({ name, op, value }) => ({ name, op, value }))).toEqual([{ name: 'vendor_id', op: 'in', value: [1, 2] }]);
  });

  it('skips empty values', () => {
    expect(parse('filter[state]=&filter[amount][gteq]=&filter[vendor_id][]=').conditions).toEqual([]);
  });

  it('coerces typed values', () => {
    const { conditions } = parse('filter[vendor_id]=-7&filter[due_on][lteq]=2024-02-29&filter[active]=false&filter[created_at][gt]=2024-01-02T03:04:05Z');
    expect(conditions.map((c) => c.value)).toEqual([-7, '2024-02-29', false, new Date('2024-01-02T03:04:05Z')]);
  });

  it('refuses an unknown filter naming filter[x]', () => {
    expect(refusal('filter[x]=1')).toEqual({ 'filter[x]': ['invalid'] });
    expect(refusal('filter[password_digest]=1')).toEqual({ 'filter[password_digest]': ['invalid'] });
    expect(refusal('filter[x][gteq]=1')).toEqual({ 'filter[x]': ['invalid'] });
  });

  it('never takes a filter or an operator from the object prototype', () => {
    // The query-string parser drops such keys; a parsed object that has them as own keys is refused.
    expect(parse('filter[constructor]=1&filter[amount][toString]=1').conditions).toEqual([]);
    const own = (filter: unknown) => () => parseListQuery<Things>({ filter }, spec);
    expect(own(JSON.parse('{"constructor": "1"}'))).toThrow(ValidationFailed);
    expect(own(JSON.parse('{"__proto__": "1"}'))).toThrow(ValidationFailed);
    expect(own(JSON.parse('{"amount": {"toString": "1"}}'))).toThrow(ValidationFailed);
    expect(() => parseListQuery<Things>({ sort_by: 'toString' }, spec)).toThrow(ValidationFailed);
  });

  it('refuses a filter that is not an object', () => {
    expect(refusal('filter=state')).toEqual({ filter: ['invalid'] });
    expect(refusal('filter[]=state')).toEqual({ filter: ['invalid'] });
  });

  it.each([
    ['filter[state]=old', 'filter[state]'],
    ['filter[vendor_id]=1.5', 'filter[vendor_id]'],
    ['filter[vendor_id]=1%20OR%201=1', 'filter[vendor_id]'],
    ['filter[vendor_id][]=1&filter[vendor_id][]=x', 'filter[vendor_id]'],
    ['filter[amount]=1e5', 'filter[amount]'],
    ['filter[amount]=abc', 'filter[amount]'],
    ['filter[amount][gteq]=--1', 'filter[amount][gteq]'],
    ['filter[due_on]=2024-13-01', 'filter[due_on]'],
    ['filter[due_on]=2023-02-29', 'filter[due_on]'],
    ['filter[due_on]=2024-02-30', 'filter[due_on]'],
    ['filter[due_on]=1.1.2024', 'filter[due_on]'],
    ['filter[created_at]=yesterday', 'filter[created_at]'],
    ['filter[active]=maybe', 'filter[active]'],
    ['filter[amount][gteq][]=1', 'filter[amount][gteq]'],
  ])('refuses %s naming %s', (query, param) => {
    expect(refusal(query)).toEqual({ [param]: ['invalid'] });
  });

  it('refuses an unknown range operator, and ranges on text and boolean filters', () => {
    expect(refusal('filter[amount][between]=1')).toEqual({ 'filter[amount][between]': ['invalid'] });
    expect(refusal('filter[name][gteq]=a')).toEqual({ 'filter[name][gteq]': ['invalid'] });
    expect(refusal('filter[active][eq]=true')).toEqual({ 'filter[active][eq]': ['invalid'] });
  });
});

describe('keyset cursor', () => {
  it('reads `after` as the row it names, beside the page', () => {
    const after = encodeCursor({ value: 'Acme', id: 7 });
    expect(parse(`after=${after}&p=3`)).toMatchObject({ page: 3, after: { value: 'Acme', id: 7 } });
    expect(parse('after=')).toMatchObject({ after: undefined });
  });

  it('takes a null sort value only for a column that can be empty', () => {
    const after = encodeCursor({ value: null, id: 7 });
    expect(parse(`sort_by=due_on&after=${after}`)).toMatchObject({ after: { value: null, id: 7 } });
    expect(refusal(`sort_by=name&after=${after}`)).toEqual({ after: ['invalid'] });
  });

  it.each([
    ['not base64', 'a.b'],
    ['not JSON', Buffer.from('[1,').toString('base64url')],
    ['not a pair', Buffer.from('["a"]').toString('base64url')],
    ['an object', Buffer.from('{"value":"a","id":1}').toString('base64url')],
    ['a fractional id', Buffer.from('["a",1.5]').toString('base64url')],
    ['a numeric value', Buffer.from('[1,1]').toString('base64url')],
    ['a NUL in the value', Buffer.from('["a\\u0000",1]').toString('base64url')],
  ])('refuses a cursor that is %s', (_what, raw) => {
    expect(refusal(`after=${raw}`)).toEqual({ after: ['invalid'] });
  });

  it('refuses a cursor that is not text', () => {
    expect(refusal('after[x]=1')).toEqual({ after: ['invalid'] });
  });
});

describe('typed column references', () => {
  it('refuses, at compile time, a column the table lacks and a nullable column sorted as if never empty', () => {
    const bad: ListSpec<Things> = {
      // @ts-expect-error: no such column
      sort: { nope: 'things.nope' },
      defaultSort: { column: 'nope', direction: 'asc' },
    };
    const unsaid: ListSpec<Things> = {
      // @ts-expect-error: due_on can be null and must say so
      sort: { due_on: 'things.due_on' },
      defaultSort: { column: 'due_on', direction: 'asc' },
    };
    expect([bad, unsaid]).toHaveLength(2);
  });
});
