import { type Kysely, sql } from 'kysely';

// The palette's record lookups bounded at a million vendors and contracts (issue 27, item 1). Each kind
// answers at most five rows from an index range read in order (exact, then prefix), and only when those
// are fewer than five from the trigram indexes (0008, 0036), never from a sort of every match:
// - `vendors_name_prefix_idx`: a vendor whose name starts with the text, case-insensitively and in order.
//   `COLLATE "C"` makes `LIKE 'ab%'` a range of the index whatever the database's collation (a `text`
//   btree in a linguistic collation serves no LIKE), and it serves two characters, which no trigram does.
// - `contract_vendors_vendor_contract_idx`: a found vendor's newest contracts, five at most, in order; it
//   replaces `(vendor_id)` alone, which it covers (foreign-key checks on vendors).
// Contracts are found by id (primary key) and by their organization (`contracts_organization_idx`,
// organization_id then id): no new index there. Payments by id, reference and its start (unique index)
// and a part of it (0036's trigram index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX vendors_name_prefix_idx ON vendors ((lower(name) COLLATE "C"), id);
    CREATE INDEX contract_vendors_vendor_contract_idx ON contract_vendors (vendor_id, contract_id);
    DROP INDEX contract_vendors_vendor_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX contract_vendors_vendor_idx ON contract_vendors (vendor_id);
    DROP INDEX contract_vendors_vendor_contract_idx, vendors_name_prefix_idx;
  `.execute(db);
}
