import { type Kysely, sql } from 'kysely';

// Every list query shape staff can send at a million rows served by an index (issue 27; the sorts of the
// large lists are 0029's). Measured at 1,000,000 payments / banks before these: the payments search
// matched anywhere in `reference` with no trigram index, so the capped count and the page read every row
// even when one payment matched (1.2-1.3 s, and the palette sends the same search); the `type` filter
// (0.6-0.8 s) and a `currency` filter had no index; a state filter with an amount range counted by
// reading up to 10,001 payments from the heap (0.8 s p99); four of the six sortable bank columns had no
// index (0.25-0.75 s a page).
//
// - `payments_reference_trgm_idx`: `q` and the palette's reference lookup (`ILIKE '%x%'`), as banks,
//   vendors and users have.
// - `payments (type, id)` and `(currency, id)`: the filters, in the list's default order (id), and their
//   capped count from the index alone.
// - `payments (state, amount, id)`: a state tab with an amount range, page and count from one range of
//   the index.
// - banks by country (also its filter), BIC (nullable: empty first, as the list sorts), bank key and
//   creation.
// - vendors by source and by `inactive`: the two vendor filters without one (the others have theirs).
//
// Each index costs writes: payments are written by the payment run (one per contract vendor), banks
// by an occasional import, vendors by hand; none of these tables takes bulk COPY like revenue rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX payments_reference_trgm_idx ON payments USING gin (reference gin_trgm_ops);
    CREATE INDEX payments_type_id_idx ON payments (type, id);
    CREATE INDEX payments_currency_id_idx ON payments (currency, id);
    CREATE INDEX payments_state_amount_idx ON payments (state, amount, id);

    CREATE INDEX banks_country_code_id_idx ON banks (country_code, id);
    CREATE INDEX banks_bic_id_idx ON banks (bic NULLS FIRST, id);
    CREATE INDEX banks_bank_key_id_idx ON banks (bank_key, id);
    CREATE INDEX banks_created_at_id_idx ON banks (created_at, id);

    CREATE INDEX vendors_source_id_idx ON vendors (source, id);
    CREATE INDEX vendors_inactive_id_idx ON vendors (inactive, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX vendors_inactive_id_idx, vendors_source_id_idx, banks_created_at_id_idx, banks_bank_key_id_idx, banks_bic_id_idx,
      banks_country_code_id_idx, payments_state_amount_idx, payments_currency_id_idx, payments_type_id_idx, payments_reference_trgm_idx;
  `.execute(db);
}
