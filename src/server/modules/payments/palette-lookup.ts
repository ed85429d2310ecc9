import { sql, type SqlBool } from 'kysely';
import type { PaymentLookup } from '../../../shared/entities/payment.js';
import type { Db } from '../../db/connection.js';
import { escapeLike } from '../../http/list-query.js';
import { bitmapOnly } from '../palette/bitmap-only.js';
import { PALETTE_SIZE } from '../palette/size.js';

/**
 * The palette's payments (issue 27), at most PALETTE_SIZE, each step an index read that stops at five
 * rows: the payment whose id or reference is the text (digits also as the reference they number, `P` and
 * eight digits as migration 0021 makes them); those whose reference starts with it (the unique index in
 * order); then, when fewer than five and the text has the three characters a trigram needs, any whose
 * reference contains it (0036's trigram index, bitmap scans only). The last has no ORDER BY: sorting every
 * match (`ORDER BY id DESC`) read all of them, 0.3-2 s for a text in every reference (`000`) at a million.
 */
export async function palettePayments(db: Db, q: string): Promise<PaymentLookup[]> {
  const text = q.trim().toUpperCase();
  if (text === '') return [];
  const digits = /^\d{1,15}$/.test(text) ? text : undefined;
  const exact = [sql<SqlBool>`p.reference = ${text}`];
  if (digits !== undefined && Number.isSafeInteger(Number(digits))) exact.push(sql<SqlBool>`p.id = ${Number(digits)}`);
  if (digits !== undefined && digits.length <= 8) exact.push(sql<SqlBool>`p.reference = ${'P' + digits.padStart(8, '0')}`);
  const first = await sql<{ id: string }>`
    (SELECT p.id FROM payments p WHERE ${sql.join(exact, sql` OR `)} ORDER BY p.id DESC LIMIT ${PALETTE_SIZE})
    UNION ALL
    (SELECT p.id FROM payments p WHERE p.reference LIKE ${escapeLike(text) + '%'} ORDER BY p.reference LIMIT ${PALETTE_SIZE})
  `.execute(db);
  let ids = [...new Set(first.rows.map((r) => Number(r.id)))].slice(0, PALETTE_SIZE);
  if (ids.length < PALETTE_SIZE && text.length >= 3) {
    const more = await bitmapOnly(db, sql<{ id: string }>`SELECT p.id FROM payments p WHERE p.reference ILIKE ${`%${escapeLike(text)}%`} LIMIT ${PALETTE_SIZE * 2}`);
    ids = [...new Set([...ids, ...more.map((r) => Number(r.id))])].slice(0, PALETTE_SIZE);
  }
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .innerJoin('vendors', 'vendors.id', 'payments.vendor_id')
    .select(['payments.id', 'payments.reference', 'payments.total_amount', 'payments.currency', 'vendors.id as vendor_id', 'vendors.name as vendor_name'])
    .where('payments.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((i) => {
    const r = byId.get(i);
    return r
      ? [{ id: Number(r.id), reference: r.reference, total_amount: String(r.total_amount), currency: r.currency, vendor: { id: Number(r.vendor_id), name: r.vendor_name } }]
      : [];
  });
}
