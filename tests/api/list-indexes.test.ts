import { type Compilable, sql } from 'kysely';
import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/server/context.js';
import { listQueries, parseListQuery, type ListQuery, type ListSource } from '../../src/server/http/list-query.js';
import { AUDIT_LIST, auditEntries } from '../../src/server/modules/audit/routes.js';
import { BANK_LIST } from '../../src/server/modules/banks/routes.js';
import { CONTRACT_LIST } from '../../src/server/modules/contracts/routes.js';
import { PAYMENT_LIST } from '../../src/server/modules/payments/routes.js';
import { byMonthPayouts, UNALLOCATED_LIST } from '../../src/server/modules/payouts/unallocated-routes.js';
import { REVENUE_SOURCE_LIST } from '../../src/server/modules/revenue-sources/routes.js';
import { VENDOR_LIST } from '../../src/server/modules/vendors/routes.js';
import { WHITELISTED_CHANNEL_LIST } from '../../src/server/modules/whitelisted-channels/routes.js';
import { setupApi } from '../support/api.js';

// Every sort of the large lists is served by an index (migration 0029): the page query the route builds,
// for each sort both ways, plans no Sort and no Seq Scan of the list's table. The tables hold a few
// thousand rows each and are analyzed, so the planner weighs the sort against the index as at scale.
const api = setupApi();
const N = 10_000;
const viewer: CurrentUser = { id: 0, email: 'planner@test.local', first_name: 'Plan', last_name: 'Ner', roles: ['admin'], sessionId: 0 };
/** A month of one payout, and one of two (adsense and direct). */
const month = '2020-05-01';
const monthOfTwo = '2021-08-01';

beforeAll(async () => {
  await sql`
    INSERT INTO organizations (name, number, country_code, currency, city, postal_code, street, street_number,
      vendor_source_prefix_external, vendor_source_prefix_internal, vendor_source_prefix_network)
    SELECT 'Plan Org ' || g, 'PO' || g, 'DE', 'EUR', 'Berlin', '10115', 'Street', '1', '101', '102', '103' FROM generate_series(1, 4) g;
    CREATE TEMP TABLE plan_orgs AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM organizations WHERE name LIKE 'Plan Org %';
    INSERT INTO content_owners (content_owner_id, display_name, report_filename_part) VALUES ('plan-owner', 'Plan Owner', 'PlanOwner');

    INSERT INTO vendors (organization_id, number, name, type, state, created_at)
    SELECT o.id, g, 'Vendor ' || md5(g::text), (ARRAY['person', 'company'])[1 + g % 2], (ARRAY['new', 'confirmed'])[1 + g % 2], now() - g * interval '1 minute'
    FROM generate_series(1, ${sql.lit(N)}) g JOIN plan_orgs o ON o.n = g % 4;
    INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type, created_at)
    SELECT o.id, (ARRAY['adsense', 'drm', 'exclusive_artist'])[1 + g % 3], (ARRAY['EUR', 'USD', 'GBP'])[1 + g % 3], date '2020-01-01' + g % 2000,
      (ARRAY['signed', 'draft', 'terminated', 'approval_pending'])[1 + g % 4], 'short', now() - g * interval '1 minute'
    FROM generate_series(1, ${sql.lit(N)}) g JOIN plan_orgs o ON o.n = g % 4;
    INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, position)
    SELECT c.id, v.id, 100, 0 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM contracts) c JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM vendors) v USING (n);

    INSERT INTO payouts (month, payout_types)
    SELECT (date '2020-01-01' + g * interval '1 month')::date, ARRAY['adsense'] FROM generate_series(0, 19) g
    UNION ALL SELECT date '2021-08-01', ARRAY['direct'];
    INSERT INTO payments (type, state, state_before_hold, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
      start_date, end_date, due_date, paid_at, amount, vat_amount, wht_amount, total_amount)
    SELECT 'invoice', s.state, CASE WHEN s.state = 'on_hold' THEN 'new' END, p.id, c.organization_id, c.id, cv.id, cv.vendor_id, 'EUR', 1,
      p.month, p.month + 27, p.month + 60, CASE WHEN s.state = 'paid_out' THEN p.month + 45 END, a.amount, a.vat, a.wht, a.amount + a.vat - a.wht
    FROM contract_vendors cv JOIN contracts c ON c.id = cv.contract_id
    JOIN (SELECT id, month, row_number() OVER (ORDER BY id) - 1 AS n FROM payouts WHERE payout_types = '{adsense}') p ON p.n = cv.id % 20
    CROSS JOIN LATERAL (SELECT (cv.id * 7919 % 100000) / 100.0 AS amount, (cv.id * 104729 % 19000) / 100.0 AS vat, (cv.id * 31 % 1500) / 100.0 AS wht) a
    CROSS JOIN LATERAL (SELECT (ARRAY['paid_out', 'paid_out', 'paid_out', 'new', 'payout_pending', 'cancelled', 'on_hold'])[1 + cv.id % 7] AS state) s;

    INSERT INTO revenue_sources (type, name, reference_id, created_at)
    SELECT (ARRAY['youtube_channel', 'youtube_label'])[1 + g % 2], CASE WHEN g % 5 > 0 THEN 'Source ' || md5(g::text) END, 'UC' || md5('s' || g), now() - g * interval '1 minute'
    FROM generate_series(1, ${sql.lit(2 * N)}) g;
    INSERT INTO youtube_whitelisted_channels (content_owner_id, channel_id, created_at)
    SELECT (SELECT id FROM content_owners WHERE content_owner_id = 'plan-owner'), 'UCW' || md5(g::text), now() - g * interval '1 minute' FROM generate_series(1, ${sql.lit(N)}) g;
    -- Revenue rows of each payout imported together, one in ten unallocated.
    INSERT INTO payout_revenues (payout_id, payout_file_id, revenue_type, video_id, channel_id, revenue, revenue_source_id)
    SELECT p.id, 1, (ARRAY['adsense', 'red', 'shorts'])[1 + g % 3], CASE WHEN g % 7 > 0 THEN 'vid' || g END, CASE WHEN g % 11 > 0 THEN 'UC' || (g % 5000) END,
      (g * 7919 % 100000) / 10000.0, CASE WHEN g % 10 > 0 THEN 1 END
    FROM generate_series(0, ${sql.lit(5 * N)} - 1) g JOIN (SELECT id, row_number() OVER (ORDER BY month, id) - 1 AS n FROM payouts) p ON p.n = g * 21 / ${sql.lit(5 * N)};
    -- A few payments of another type and currency: the filters look for the rare value, where a scan
    -- would read the whole table to fill a page.
    UPDATE payments SET type = 'self_billing' WHERE id % 50 = 0;
    UPDATE payments SET currency = 'USD' WHERE id % 50 = 1;
    INSERT INTO banks (name, street, postal_code, city, country_code, bic, bank_key, created_at)
    SELECT 'Bank ' || md5(g::text), 'Street', '10115', CASE WHEN g % 500 = 0 THEN 'Kleinwalsertal' ELSE 'City ' || (g % 97) END,
      (ARRAY['DE', 'AT', 'CH', 'FR', 'IT'])[1 + g % 5], CASE WHEN g % 3 > 0 THEN 'BANK' || (ARRAY['DE', 'AT', 'CH'])[1 + g % 3] || upper(lpad(to_hex(g % 256), 2, '0')) END,
      lpad(g::text, 8, '0'), now() - g * interval '1 minute'
    FROM generate_series(1, ${sql.lit(5 * N)}) g;
    UPDATE vendors SET source = 'internal' WHERE id % 50 = 0;
    UPDATE vendors SET inactive = true WHERE id % 50 = 1;
    INSERT INTO audit_logs (action, auditable_type, auditable_id, version, user_id)
    SELECT 'update', 'Payment', p.id, v, NULL FROM payments p CROSS JOIN generate_series(1, 5) v;
  `.execute(api.db);
  for (const table of ['banks', 'vendors', 'contracts', 'contract_vendors', 'payouts', 'payments', 'revenue_sources', 'youtube_whitelisted_channels', 'payout_revenues', 'audit_logs']) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(api.db);
  }
}, 240_000);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Presorted Key'?: string[];
  Plans?: PlanNode[];
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

async function plan(query: Compilable): Promise<PlanNode[]> {
  const compiled = query.compile();
  const { rows } = await api.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ ...compiled, sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}` });
  return nodes(rows[0]['QUERY PLAN'][0].Plan);
}

/** The page and count queries of `search` as the list's route builds them. */
async function queries(source: ListSource, search: string, resolve: (list: ListQuery) => Promise<ListQuery> = async (list) => list) {
  const query = { s: '50', ...qs.parse(search) } as Record<string, unknown>;
  const list = await resolve(parseListQuery(query, source));
  return listQueries(api.db, source.from(api.db, query, viewer), list, source, source.tieBreaker);
}

/**
 * What a plan may not do: sort, or read the whole `table`. An Incremental Sort on the sort column alone
 * is the index's order with the id tie-break sorted among equal values: allowed where the column is
 * unique in the list (`unique`), so each such group is one row.
 */
function expectServed(nodes: PlanNode[], table: string, unique: string[] = []) {
  const bad = nodes.filter(
    (n) =>
      n['Node Type'] === 'Sort' ||
      (n['Node Type'] === 'Incremental Sort' && !(n['Presorted Key']?.length === 1 && unique.some((u) => [u, `${table}.${u}`].includes(n['Presorted Key']![0])))) ||
      (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table),
  );
  expect(bad.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? n['Presorted Key'] ?? ''}`)).toEqual([]);
}

const isScan = (n: PlanNode, table: string) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table;

const bothWays = (source: ListSource, prefix = '') =>
  Object.keys(source.sort).flatMap((key) => ['asc', 'desc'].map((direction) => `${prefix}sort_by=${key}&sort_direction=${direction}`));

describe('list sorts at scale', () => {
  it.each([
    ['payments', PAYMENT_LIST, '', ['reference']],
    ['vendors', VENDOR_LIST, '', []],
    ['contracts', CONTRACT_LIST, '', []],
    // The client always lists one type; the reference id is unique within it.
    ['revenue_sources', REVENUE_SOURCE_LIST, 'type=youtube_channel&', ['reference_id']],
    ['youtube_whitelisted_channels', WHITELISTED_CHANNEL_LIST, '', []],
    ['banks', BANK_LIST, '', []],
  ] as const)('serves every sort of %s from an index', async (table, source, prefix, unique) => {
    for (const search of [prefix, ...bothWays(source, prefix)]) {
      const { page } = await queries(source, search);
      expectServed(await plan(page), table, [...unique]);
    }
  });

  it('serves the payments of a state or a payout from an index, page and count', async () => {
    const payout = (await sql<{ id: number }>`SELECT min(id)::int AS id FROM payouts`.execute(api.db)).rows[0].id;
    for (const search of ['filter[state]=payout_pending', 'filter[state]=payout_pending&sort_by=total_amount&sort_direction=desc', `filter[payout_id]=${payout}`]) {
      const { page, count } = await queries(PAYMENT_LIST, search);
      expectServed(await plan(page), 'payments');
      expectServed(await plan(count), 'payments');
    }
  });

  // Each filter and the search of the large lists, in the default order and counted (migration 0036):
  // the rare value of a filter (a scan would read every row to fill the page or to count none), a
  // search that matches a few rows (a scan would read them all to find the few).
  it.each([
    ['payments', PAYMENT_LIST, ['q=0000999', 'filter[type]=self_billing', 'filter[currency]=USD', 'filter[state]=new&filter[amount][gteq]=100&filter[amount][lteq]=200',
      'filter[state]=paid_out&filter[amount][gteq]=990', 'filter[amount][gteq]=999', 'filter[start_date][gteq]=2021-07-01', 'filter[start_date]=2020-03-01']],
    ['banks', BANK_LIST, ['q=kleinwalsertal', 'q=kleinwalsertal&sort_by=name', 'filter[country_code]=AT', 'filter[name]=d3d9446']],
    ['vendors', VENDOR_LIST, ['q=c4ca4238', 'filter[source]=internal', 'filter[inactive]=true', 'filter[type]=person&sort_by=name', 'filter[state]=new']],
  ] as const)('serves every filter and the search of %s from an index, page and count', async (table, source, searches) => {
    for (const search of searches) {
      const { page, count } = await queries(source, search);
      expect.soft([search, await plan(page)].flat().filter((n) => typeof n === 'string' || isScan(n, table))).toEqual([search]);
      expect.soft([search, await plan(count)].flat().filter((n) => typeof n === 'string' || isScan(n, table))).toEqual([search]);
    }
  });

  it('counts the payments of a state in an amount range from one index alone', async () => {
    // Not only no scan: the count reads index entries, not up to 10,001 payments from the heap.
    const { count } = await queries(PAYMENT_LIST, 'filter[state]=new&filter[amount][gteq]=100&filter[amount][lteq]=200');
    const used = (await plan(count)).filter((n) => n['Relation Name'] === 'payments');
    expect(used.map((n) => `${n['Node Type']} ${n['Index Name']}`)).toEqual(['Index Only Scan payments_state_amount_idx']);
  });

  it('finds a payment by a part of its reference from the trigram index', async () => {
    const { reference } = (await sql<{ reference: string }>`SELECT reference FROM payments ORDER BY id DESC LIMIT 1`.execute(api.db)).rows[0];
    const { page, count } = await queries(PAYMENT_LIST, `q=${reference.slice(-6)}`);
    expect((await plan(page)).map((n) => n['Index Name'])).toContain('payments_reference_trgm_idx');
    expect((await page.execute()).length).toBeGreaterThan(0);
    expect((await count.executeTakeFirstOrThrow()).n).toBeGreaterThan(0);
  });

  it("serves the unallocated rows by id, and a month's rows from their index in any order", async () => {
    // Sorting by revenue, type, channel or video sorts the rows (of the month filtered): an index per
    // column made the import of a million rows by COPY four times slower (migration 0029).
    for (const search of ['', 'sort_by=id&sort_direction=desc']) expectServed(await plan((await queries(UNALLOCATED_LIST, search)).page), 'payout_revenues');
    for (const m of [month, monthOfTwo]) {
      for (const search of [`filter[month]=${m}`, `filter[month]=${m}&sort_by=id&sort_direction=desc`]) {
        const { page, count } = await queries(UNALLOCATED_LIST, search, (list) => byMonthPayouts(api.db, list));
        const pagePlan = await plan(page);
        // A month of one payout is read in order; of two, its rows are sorted. Either way the month's
        // unallocated rows come from their index, not from a walk over all rows by id.
        expectServed(m === month ? pagePlan : pagePlan.filter((n) => n['Node Type'] !== 'Sort'), 'payout_revenues');
        for (const nodes of [pagePlan, await plan(count)]) expect(nodes.map((n) => n['Index Name'])).toContain('payout_revenues_unallocated_idx');
      }
    }
  });

  it('lists the same unallocated rows of a month by its payouts as through the join', async () => {
    const none = '2019-01-01';
    for (const m of [month, monthOfTwo, none]) {
      const ids = async (resolve?: (list: ListQuery) => Promise<ListQuery>) => {
        const { page, count } = await queries(UNALLOCATED_LIST, `filter[month]=${m}&s=100&sort_by=revenue&sort_direction=desc`, resolve);
        return { ids: (await page.execute()).map((r) => r.id), n: (await count.executeTakeFirstOrThrow()).n };
      };
      const joined = await ids();
      expect(await ids((list) => byMonthPayouts(api.db, list))).toEqual(joined);
      expect(joined.n).toBe(m === none ? 0 : m === month ? 238 : 476);
    }
  });

  it("finds a record's audit trail by its key in both directions", async () => {
    const id = (await sql<{ id: number }>`SELECT max(id)::int AS id FROM payments`.execute(api.db)).rows[0].id;
    for (const search of ['', 'sort_by=version&sort_direction=asc']) {
      const query = qs.parse(search) as Record<string, unknown>;
      const { page } = listQueries(api.db, auditEntries(api.db, 'Payment', id), parseListQuery(query, AUDIT_LIST), AUDIT_LIST, 'audit_logs.version');
      // The entries of one record, few enough to sort after the join to their actors.
      expectServed((await plan(page)).filter((n) => n['Node Type'] !== 'Sort'), 'audit_logs');
    }
  });
});
