import { sql } from 'kysely';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFilters, COUNT_CAP, listQueries, parseListQuery, runList, type ListSpec } from '../../src/server/http/list-query.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

interface Thing {
  id: number;
  name: string;
  state: string;
  amount: string;
  vendor_id: number | null;
  tags: string[];
  due_on: string | null;
  active: boolean;
  created_at: Date;
}

type Tables = { scratch_things: Thing };

const spec: ListSpec<Tables> = {
  sort: {
    name: 'scratch_things.name',
    amount: 'scratch_things.amount',
    state: 'scratch_things.state',
    due_on: { column: 'scratch_things.due_on', nullable: true },
  },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: {
    state: { column: 'scratch_things.state', kind: 'string', values: ['new', 'paid', 'void'] },
    name: { column: 'scratch_things.name', kind: 'text' },
    amount: { column: 'scratch_things.amount', kind: 'decimal' },
    vendor_id: { column: 'scratch_things.vendor_id', kind: 'integer' },
    tag: { column: 'scratch_things.tags', kind: 'string', array: true },
    due_on: { column: 'scratch_things.due_on', kind: 'date' },
    created_at: { column: 'scratch_things.created_at', kind: 'date' },
    active: { column: 'scratch_things.active', kind: 'boolean' },
    big: { column: () => sql`scratch_things.amount > 100`, kind: 'boolean' },
  },
  search: ['scratch_things.name', 'scratch_things.state'],
};

// name, state, amount, vendor_id, tags, due_on, active, created_at
const ROWS: [string, string, string, number | null, string[], string | null, boolean, string][] = [
  ['Acme', 'new', '10.00', 1, ['music'], '2024-01-10', true, '2024-03-01T10:00:00Z'],
  ['acme records', 'paid', '250.50', 2, ['music', 'video'], '2024-01-31', true, '2024-03-01T23:59:59Z'],
  ['100% Pure', 'new', '9.99', 3, [], '2024-02-01', false, '2024-03-02T00:00:00Z'],
  ['1000 Pure', 'void', '1000.00', 3, ['video'], null, true, '2024-03-03T00:00:00Z'],
  ['snake_case Ltd', 'paid', '10.01', null, ['film'], '2024-02-29', true, '2024-03-04T00:00:00Z'],
  ['snakeXcase Ltd', 'new', '-5.00', 1, ['film'], '2024-03-01', false, '2024-03-05T00:00:00Z'],
  ["O'Brien; DROP TABLE users; --", 'paid', '0.00', 2, [], '2024-03-02', true, '2024-03-06T00:00:00Z'],
  ['back\\slash', 'new', '42.00', 1, [], '2024-03-03', true, '2024-03-07T00:00:00Z'],
  // Ties on state and amount, for the paging test.
  ...Array.from({ length: 17 }, (_, i): [string, string, string, number, string[], string, boolean, string] => [
    `Tie ${String(i).padStart(2, '0')}`,
    'void',
    '7.00',
    4,
    [],
    '2024-04-01',
    i % 2 === 0,
    '2024-04-01T00:00:00Z',
  ]),
];

const things = () => api.db.withTables<Tables>();

async function list(query: string) {
  const parsed = parseListQuery<Tables>(qs.parse(query, { depth: 5, arrayLimit: 200, parameterLimit: 500 }) as Record<string, unknown>, spec);
  return runList<Thing, Tables>(api.db, things().selectFrom('scratch_things').selectAll(), parsed, spec, 'scratch_things.id');
}

/** The names a query finds, in code-unit order (the database's collation may differ from C). */
const names = async (query: string) => (await list(`${query}&s=100`)).entries.map((e) => e.name).sort();

beforeAll(async () => {
  await sql`
    CREATE TABLE scratch_things (
      id serial PRIMARY KEY,
      name text NOT NULL,
      state text NOT NULL,
      amount numeric(12, 2) NOT NULL,
      vendor_id integer,
      tags text[] NOT NULL DEFAULT '{}',
      due_on date,
      active boolean NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(api.db);
  await things()
    .insertInto('scratch_things')
    .values(
      ROWS.map(([name, state, amount, vendor_id, tags, due_on, active, created_at]) => ({
        name,
        state,
        amount,
        vendor_id,
        tags,
        due_on,
        active,
        created_at: new Date(created_at),
      })) as never,
    )
    .execute();
});

describe('filters against the database', () => {
  it('equality, list and boolean filters', async () => {
    expect(await names('filter[state]=paid')).toEqual(["O'Brien; DROP TABLE users; --", 'acme records', 'snake_case Ltd']);
    expect(await names('filter[vendor_id][]=2&filter[vendor_id][]=3')).toEqual(['100% Pure', '1000 Pure', "O'Brien; DROP TABLE users; --", 'acme records']);
    expect(await names('filter[active]=false&filter[state]=new')).toEqual(['100% Pure', 'snakeXcase Ltd']);
    expect(await names('filter[big]=true')).toEqual(['1000 Pure', 'acme records']);
  });

  it('decimal ranges compare exactly', async () => {
    expect(await names('filter[amount][gteq]=10&filter[amount][lteq]=10.01')).toEqual(['Acme', 'snake_case Ltd']);
    expect(await names('filter[amount][gt]=10.001&filter[amount][lt]=250.5')).toEqual(['back\\slash', 'snake_case Ltd']);
    expect(await names('filter[amount][gt]=10.001&filter[amount][lt]=42')).toEqual(['snake_case Ltd']);
    expect(await names('filter[amount][lt]=0')).toEqual(['snakeXcase Ltd']);
    expect(await names('filter[amount][eq]=9.99')).toEqual(['100% Pure']);
  });

  it('date ranges include the whole last day, also on timestamp columns', async () => {
    expect(await names('filter[due_on][gteq]=2024-01-31&filter[due_on][lteq]=2024-02-29')).toEqual(['100% Pure', 'acme records', 'snake_case Ltd']);
    expect(await names('filter[created_at][lteq]=2024-03-01')).toEqual(['Acme', 'acme records']);
  });

  it('array columns: one value is "contains", a list is "overlaps"', async () => {
    expect(await names('filter[tag]=video')).toEqual(['1000 Pure', 'acme records']);
    expect(await names('filter[tag][]=film&filter[tag][]=video')).toEqual(['1000 Pure', 'acme records', 'snakeXcase Ltd', 'snake_case Ltd']);
  });

  it('a text filter matches case-insensitively anywhere', async () => {
    expect(await names('filter[name]=ACME')).toEqual(['Acme', 'acme records']);
  });
});

describe('search', () => {
  it('matches any search column, case-insensitively, and combines with filters', async () => {
    expect(await names('q=acme')).toEqual(['Acme', 'acme records']);
    expect(await names('q=PAID')).toEqual(["O'Brien; DROP TABLE users; --", 'acme records', 'snake_case Ltd']);
    expect(await names('q=acme&filter[state]=new')).toEqual(['Acme']);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(await names('q=100%25')).toEqual(['100% Pure']);
    expect(await names('q=%25')).toEqual(['100% Pure']);
    expect(await names('q=snake_case')).toEqual(['snake_case Ltd']);
    expect(await names('q=_')).toEqual(['snake_case Ltd']);
    expect(await names('filter[name]=e_c')).toEqual(['snake_case Ltd']);
    expect(await names('q=k%5Cs')).toEqual(['back\\slash']);
    expect(await names('q=%5C')).toEqual(['back\\slash']);
  });

  it('a SQL injection attempt is only a value', async () => {
    expect(await names(`q=${encodeURIComponent("O'Brien; DROP TABLE users; --")}`)).toEqual(["O'Brien; DROP TABLE users; --"]);
    expect(await names(`q=${encodeURIComponent("' OR '1'='1")}`)).toEqual([]);
    expect(await names(`filter[name]=${encodeURIComponent("x') OR 1=1 --")}`)).toEqual([]);
    expect(await names(`filter[tag]=${encodeURIComponent("music'}")}`)).toEqual([]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(api.db)).rows[0].n).toBeGreaterThanOrEqual(0);
  });
});

describe('totals and paging', () => {
  it('the total counts the filtered rows, not the page', async () => {
    const all = await list('s=5');
    expect(all.total).toBe(ROWS.length);
    expect(all.entries).toHaveLength(5);
    const filtered = await list('filter[state]=void&s=5&p=2');
    expect(filtered.total).toBe(18);
    expect(filtered.entries).toHaveLength(5);
    expect(filtered).toMatchObject({ page: 2, size: 5 });
    const beyond = await list('filter[state]=void&s=5&p=9');
    expect(beyond).toMatchObject({ total: 18, entries: [] });
  });

  it.each(['amount', 'state', 'due_on'])('pages sorted by %s with ties never overlap and cover every row', async (column) => {
    for (const direction of ['asc', 'desc']) {
      const seen: number[] = [];
      for (let p = 1; p <= 8; p++) {
        const page = await list(`sort_by=${column}&sort_direction=${direction}&s=4&p=${p}`);
        seen.push(...page.entries.map((e) => e.id));
      }
      expect(seen).toHaveLength(ROWS.length);
      expect(new Set(seen).size).toBe(ROWS.length);
      // And the same page twice is the same rows.
      const again = await list(`sort_by=${column}&sort_direction=${direction}&s=4&p=3`);
      expect(again.entries.map((e) => e.id)).toEqual(seen.slice(8, 12));
    }
  });

  it('sorts in the asked direction, with ties broken by id in the same direction', async () => {
    const asc = (await list('sort_by=amount&sort_direction=asc&s=100')).entries;
    expect(asc.map((e) => e.amount).slice(0, 3)).toEqual(['-5.00', '0.00', '7.00']);
    const ties = asc.filter((e) => e.amount === '7.00').map((e) => e.id);
    expect(ties).toEqual([...ties].sort((a, b) => a - b));
    const desc = (await list('sort=-amount&s=100')).entries;
    expect(desc[0].amount).toBe('1000.00');
    const tiesDesc = desc.filter((e) => e.amount === '7.00').map((e) => e.id);
    expect(tiesDesc).toEqual([...ties].reverse());
  });

  it('empty values sort first ascending and last descending', async () => {
    const asc = (await list('sort_by=due_on&s=100')).entries;
    expect(asc[0].name).toBe('1000 Pure');
    const desc = (await list('sort_by=due_on&sort_direction=desc&s=100')).entries;
    expect(desc.at(-1)?.name).toBe('1000 Pure');
  });

  it.each(['name', 'amount', 'state', 'due_on'])('keyset pages sorted by %s follow the offset order exactly', async (column) => {
    for (const direction of ['asc', 'desc']) {
      const expected = (await list(`sort_by=${column}&sort_direction=${direction}&s=100`)).entries.map((e) => e.id);
      const seen: number[] = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const page = await list(`sort_by=${column}&sort_direction=${direction}&s=4&after=${after}`);
        seen.push(...page.entries.map((e) => e.id));
        if (!page.next) break;
        after = page.next;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('keyset pages combine with filters and give no cursor after a short page', async () => {
    const first = await list('filter[state]=void&sort_by=amount&s=10');
    expect(first.next).toEqual(expect.any(String));
    const second = await list(`filter[state]=void&sort_by=amount&s=10&after=${first.next}`);
    expect(second.entries).toHaveLength(8);
    expect(second.next).toBeUndefined();
    expect(second.total).toBe(18);
  });

  it('applyFilters adds conditions to a query that already has its own', async () => {
    const parsed = parseListQuery<Tables>({ filter: { state: 'new' } }, spec);
    const rows = await applyFilters(things().selectFrom('scratch_things').select('name').where('vendor_id', '=', 1), parsed, spec)
      .orderBy('name')
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['Acme', 'back\\slash', 'snakeXcase Ltd']);
  });
});

describe('a capped count', () => {
  beforeAll(async () => {
    await sql`CREATE TABLE scratch_many (id serial PRIMARY KEY, n integer NOT NULL)`.execute(api.db);
    await sql`INSERT INTO scratch_many (n) SELECT g FROM generate_series(1, ${COUNT_CAP + 5}) g`.execute(api.db);
  });

  type Many = { scratch_many: { id: number; n: number } };
  const manySpec: ListSpec<Many> = {
    sort: { n: 'scratch_many.n' },
    defaultSort: { column: 'n', direction: 'asc' },
    filters: { n: { column: 'scratch_many.n', kind: 'integer' } },
  };
  const many = (query: string) =>
    runList<{ id: number }, Many>(
      api.db,
      api.db.withTables<Many>().selectFrom('scratch_many').select('scratch_many.id'),
      parseListQuery<Many>(qs.parse(query) as Record<string, unknown>, manySpec),
      manySpec,
      'scratch_many.id',
    );

  it('stops past the cap and says the total is a lower bound', async () => {
    expect(await many('s=5')).toMatchObject({ total: COUNT_CAP, total_capped: true });
  });

  it('counts exactly up to the cap', async () => {
    const exact = await many(`filter[n][lteq]=${COUNT_CAP}`);
    expect(exact.total).toBe(COUNT_CAP);
    expect(exact.total_capped).toBeUndefined();
  });
});

describe('a list of 1,000,000 rows', () => {
  type Days = { scratch_days: { id: number; day: string; note: string | null } };
  const daySpec: ListSpec<Days> = {
    sort: { day: 'scratch_days.day', id: 'scratch_days.id' },
    defaultSort: { column: 'day', direction: 'asc' },
    filters: { day: { column: 'scratch_days.day', kind: 'date' } },
  };

  beforeAll(async () => {
    await sql`CREATE TABLE scratch_days (id integer PRIMARY KEY, day date NOT NULL, note text)`.execute(api.db);
    await sql`INSERT INTO scratch_days SELECT g, DATE '2000-01-01' + (g % 5000), NULL FROM generate_series(1, 1000000) g`.execute(api.db);
    await sql`CREATE INDEX scratch_days_day_id ON scratch_days (day, id)`.execute(api.db);
    await sql`ANALYZE scratch_days`.execute(api.db);
  }, 120_000);

  /** The plan of the page query `query` makes, as EXPLAIN's JSON. */
  async function plan(query: string): Promise<string> {
    const parsed = parseListQuery<Days>(qs.parse(query) as Record<string, unknown>, daySpec);
    const from = api.db.withTables<Days>().selectFrom('scratch_days').select('scratch_days.id');
    const compiled = listQueries<Days>(api.db, from, parsed, daySpec, 'scratch_days.id').page.compile();
    const { rows } = await api.db.executeQuery<{ 'QUERY PLAN': unknown }>({
      ...compiled,
      sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
    });
    return JSON.stringify(rows[0]['QUERY PLAN']);
  }

  it.each([
    ['ascending', 'sort_by=day&s=100'],
    ['descending', 'sort_by=day&sort_direction=desc&s=100'],
    ['filtered by a range', 'sort_by=day&filter[day][gteq]=2005-01-01&s=50'],
    ['after a cursor', `sort_by=day&s=100&after=${Buffer.from('["2005-01-01",500000]').toString('base64url')}`],
  ])('is served %s by the (day, id) index without a sort', async (_what, query) => {
    const json = await plan(query);
    expect(json).toContain('scratch_days_day_id');
    expect(json).not.toContain('"Sort"');
    expect(json).not.toContain('Seq Scan');
  });
});
