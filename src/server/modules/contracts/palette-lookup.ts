import { sql } from 'kysely';
import type { ContractLookup } from '../../../shared/entities/contract.js';
import type { Db } from '../../db/connection.js';
import { escapeLike } from '../../http/list-query.js';
import { PALETTE_SIZE } from '../palette/size.js';
import { paletteVendorIds } from '../vendors/palette-lookup.js';

/** Organizations and vendors a text may name, whose newest contracts the palette then shows. */
const NAMED = 20;

/**
 * The palette's contracts (issue 27), at most PALETTE_SIZE: the contract whose id is the text (`#12`
 * as the list shows it), then the newest contracts of the organizations named like it and of the
 * vendors the palette finds by it, five a name at most from `(organization_id, id)` and 0045's
 * `(vendor_id, contract_id)`, read backwards. The lookup for the payments filter (`/api/contracts/lookup`)
 * tests every contract's organization and vendors under `ORDER BY id` until five match, all of them
 * when few do.
 */
export async function paletteContracts(db: Db, q: string): Promise<ContractLookup[]> {
  const text = q.trim().replace(/^#/, '');
  if (text === '') return [];
  const id = /^\d{1,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
  // Organizations are a few hundred at most: their name (trigram index from three characters) is read directly.
  const [organizations, vendors] = await Promise.all([
    sql<{ id: string }>`SELECT id FROM organizations WHERE name ILIKE ${`%${escapeLike(text)}%`} ORDER BY id LIMIT ${NAMED}`.execute(db),
    paletteVendorIds(db, text, NAMED),
  ]);
  const found = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT c.id, 0 AS rank FROM contracts c WHERE c.id = ${id ?? null}
      UNION ALL
      SELECT n.id, 1 FROM unnest(${organizations.rows.map((r) => Number(r.id))}::bigint[]) o(id)
        CROSS JOIN LATERAL (SELECT c.id FROM contracts c WHERE c.organization_id = o.id ORDER BY c.id DESC LIMIT ${PALETTE_SIZE}) n
      UNION ALL
      SELECT n.contract_id, 1 FROM unnest(${vendors}::bigint[]) v(id)
        CROSS JOIN LATERAL (SELECT cv.contract_id FROM contract_vendors cv WHERE cv.vendor_id = v.id ORDER BY cv.contract_id DESC LIMIT ${PALETTE_SIZE}) n
    ) f GROUP BY id ORDER BY min(rank), id DESC LIMIT ${PALETTE_SIZE}
  `.execute(db);
  const ids = found.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select(['contracts.id', 'contracts.state', 'contracts.organization_id', 'organizations.name as organization_name', 'contracts.contract_type', 'contracts.start_date'])
    .where('contracts.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((i) => {
    const r = byId.get(i);
    return r
      ? [{ id: r.id, label: `#${r.id} ${r.organization_name} (${r.contract_type}, ${r.start_date})`, state: r.state, organization: { id: r.organization_id, name: r.organization_name } }]
      : [];
  });
}
