import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../../src/client/route-table';
import { withAppDb } from './support';

/** The addresses of every screen of the route table, with a record of the demo data for each :id route (a11y and titles specs). */

// Each route with a screen, and the table whose first record an :id route shows.
const TABLES: Record<string, string> = {
  banks: 'banks',
  categories: 'categories',
  content_owners: 'content_owners',
  currency_rates: 'currency_rates',
  organizations: 'organizations',
  tags: 'tags',
  users: 'users',
  vat_rates: 'vat_rates',
  portal_faq_sections: 'portal_faq_sections',
  portal_faqs: 'portal_faqs',
  portal_pages: 'portal_pages',
  whitelisted_channels: 'youtube_whitelisted_channels',
  revenue_sources: 'revenue_sources',
  vendors: 'vendors',
  contracts: 'contracts',
  payouts: 'payouts',
  payment_buckets: 'payment_buckets',
  payments: 'payments',
};
// Tabs of a record's page that are routes of their own (`/:tab?`), visited beside its first tab.
const RECORD_TABS: Record<string, string[]> = {
  'vendors.show': ['audit-logs'],
  'contracts.show': ['audit-logs'],
  'payouts.show': ['revenues', 'revenues-without-contracts', 'currency-rates', 'payments'],
};
// Tabs of a form chosen by the URL hash, visited beside its first tab (the vendors grid, lists).
const CONTRACT_FORM_TABS = ['#vendors', '#revenue-sources', '#revenue-shares'];
const FORM_TABS: Record<string, string[]> = Object.fromEntries(
  ['contracts.new', 'contracts.edit', 'contracts.amendments.new', 'contracts.amendments.edit'].map((id) => [id, CONTRACT_FORM_TABS]),
);
// Routes with other parameters than :id, each from a query answering one row named by them.
const ROUTE_PARAMS: Record<string, string> = {
  'contracts.amendments.new': "SELECT min(id) AS contract_id FROM contracts WHERE state = 'signed'",
  'contracts.amendments.edit': 'SELECT contract_id, id FROM contract_amendments ORDER BY id LIMIT 1',
};

/** Route ids that have a screen, read from the features' index files (the screens map's keys). */
export function screenRouteIds(): string[] {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/client/features');
  const ids = new Set<string>();
  for (const area of fs.readdirSync(dir)) {
    const index = path.join(dir, area, 'index.ts');
    if (!fs.existsSync(index)) continue;
    for (const m of fs.readFileSync(index, 'utf8').matchAll(/'([a-z_]+\.[a-z_.]+)'\s*:/g)) ids.add(m[1]);
  }
  return [...ids].sort();
}

/** The addresses of a screen; an :id route shows the first record of its area's table, with its other tabs. */
export async function screenUrls(id: string): Promise<string[]> {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`screen ${id} has no route`);
  const hashes = FORM_TABS[id] ?? [];
  const paramsSql = ROUTE_PARAMS[id];
  if (paramsSql) {
    const row = (await withAppDb((db) => db.query<Record<string, number>>(paramsSql))).rows[0];
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => String(row[name]));
    return [url, ...hashes.map((h) => `${url}${h}`)];
  }
  if (!route.path.includes(':')) return [route.path, ...hashes.map((h) => `${route.path}${h}`)];
  const table = TABLES[id.split('.')[0]];
  if (!table) throw new Error(`no table for ${id}: add it to TABLES`);
  const first = await withAppDb((db) => db.query<{ id: number }>(`SELECT min(id) AS id FROM ${table}`));
  const url = route.path.replace(':id', String(first.rows[0].id)).replace(/\/:\w+\?$/, '');
  return [url, ...(RECORD_TABS[id] ?? []).map((tab) => `${url}/${tab}`), ...hashes.map((h) => `${url}${h}`)];
}

