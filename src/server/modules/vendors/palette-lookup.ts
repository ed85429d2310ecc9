import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import { escapeLike } from '../../http/list-query.js';
import { bitmapOnly } from '../palette/bitmap-only.js';
import { PALETTE_SIZE } from '../palette/size.js';
import type { VendorRef } from '../../../shared/entities/vendor.js';
import { vendorRefs } from './queries.js';

/** `full_number` typed whole: the organization's 3-digit prefix for the source, then the number in 6. */
const FULL_NUMBER = /^(\d{3})(\d{6})$/;

/**
 * Vendors for the palette and the contracts it finds through them (issue 27), at most `size`, each step
 * an index read that stops at `size` rows: the vendor whose id, number or full number is the text
 * (primary key; `(number, id)`, at most one per organization); those whose name starts with it,
 * case-insensitively (0045's `lower(name) COLLATE "C"`, read in order); then, when fewer than `size`
 * and the text has the three characters a trigram needs, any whose name or number contains it (0008's
 * trigram index, bitmap scans only, no ORDER BY: sorting every match reads all of them). The lookup for forms
 * (`/api/vendors/lookup`) matched the full number anywhere (an expression over the join: no index)
 * and sorted every match by name.
 */
export async function paletteVendorIds(db: Db, q: string, size: number): Promise<number[]> {
  const text = q.trim();
  if (text === '') return [];
  const exact: ReturnType<typeof sql<SqlBool>>[] = [];
  if (/^\d{1,15}$/.test(text) && Number.isSafeInteger(Number(text))) exact.push(sql<SqlBool>`v.id = ${Number(text)}`);
  if (/^\d{1,6}$/.test(text)) exact.push(sql<SqlBool>`v.number = ${Number(text)}`);
  const full = FULL_NUMBER.exec(text);
  if (full) {
    exact.push(sql<SqlBool>`(v.number = ${Number(full[2])} AND ${full[1]} = CASE v.source WHEN 'external' THEN o.vendor_source_prefix_external
      WHEN 'internal' THEN o.vendor_source_prefix_internal ELSE o.vendor_source_prefix_network END)`);
  }
  const byExact = exact.length
    ? sql`(SELECT v.id FROM vendors v JOIN organizations o ON o.id = v.organization_id WHERE ${sql.join(exact, sql` OR `)} ORDER BY v.id LIMIT ${size}) UNION ALL`
    : sql``;
  const first = await sql<{ id: string }>`
    ${byExact}
    (SELECT v.id FROM vendors v WHERE lower(v.name) COLLATE "C" LIKE lower(${escapeLike(text)}) || '%' ORDER BY lower(v.name) COLLATE "C", v.id LIMIT ${size})
  `.execute(db);
  let ids = [...new Set(first.rows.map((r) => Number(r.id)))].slice(0, size);
  if (ids.length < size && text.length >= 3) {
    const like = `%${escapeLike(text)}%`;
    const more = await bitmapOnly(db, sql<{ id: string }>`SELECT v.id FROM vendors v WHERE v.name ILIKE ${like} OR v.number::text ILIKE ${like} LIMIT ${size * 2}`);
    ids = [...new Set([...ids, ...more.map((r) => Number(r.id))])].slice(0, size);
  }
  return ids;
}

/** The palette's vendors: names and numbers of the ids above, in their order. */
export async function paletteVendors(db: Db, q: string): Promise<VendorRef[]> {
  const ids = await paletteVendorIds(db, q, PALETTE_SIZE);
  const refs = await vendorRefs(db, ids);
  return ids.flatMap((id) => refs.get(id) ?? []);
}
