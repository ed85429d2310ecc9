import { type Kysely, sql } from 'kysely';

// Every sort of the large lists served by an index at realistic sizes (1,000,000 payments, 100,000
// vendors and contracts, 300,000 whitelisted channels, millions of revenue rows): a list sorts by
// `(column, id)` in one direction (list-query.ts), which `(column, id)` serves both ways without a
// sort; a nullable column's index puts empty values first, as the ascending order does. Without them a
// click on the payments' "Total" header sorted all payments (200 ms at 1M, and every request of 50 at
// once timed out). Already served: payments by id, state, created_at and reference (its unique index;
// the id tie-break then only orders rows of one reference), vendors by name and created_at, contracts
// by active_from, active_to, state and created_at, revenue sources of one type (0009; the client always
// names the type) and the audit trail (its unique key).
//
// `payments (payout_id, id)`: a payout's payments (the list filter, the payments summary tab, deleting
// them), which the run's partial unique key does not serve. The seven indexes make inserting payments
// cost 30% more (100,000: 3.5 s of CPU, 4.6 s with them); the payment run writes one payment per
// contract vendor beside its line items, so that is about 0.1 s of a run of 11,000 payments.
//
// Revenue rows arrive by COPY (a million per file) all unallocated, so any index on the unallocated
// rows takes every imported row. One in `(payout_id, id)` order, appended at the end as the ids grow,
// serves the list's everyday view (a month, by id) and adds a fifth to the COPY (a million rows into
// six million: 2.5 s of CPU, 3.0 s with it). An index per sortable column (revenue, channel, video,
// type: random order) made the COPY four times slower, so those sorts sort the rows of the month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX payments_total_amount_idx ON payments (total_amount, id);
    CREATE INDEX payments_amount_idx ON payments (amount, id);
    CREATE INDEX payments_vat_amount_idx ON payments (vat_amount, id);
    CREATE INDEX payments_wht_amount_idx ON payments (wht_amount, id);
    CREATE INDEX payments_start_date_idx ON payments (start_date, id);
    CREATE INDEX payments_paid_at_idx ON payments (paid_at NULLS FIRST, id);
    CREATE INDEX payments_payout_idx ON payments (payout_id, id);

    CREATE INDEX vendors_number_id_idx ON vendors (number, id);
    CREATE INDEX vendors_type_id_idx ON vendors (type, id);
    CREATE INDEX vendors_state_id_idx ON vendors (state, id);

    CREATE INDEX contracts_contract_type_id_idx ON contracts (contract_type, id);
    CREATE INDEX contracts_currency_id_idx ON contracts (currency, id);

    CREATE INDEX youtube_whitelisted_channels_created_at_idx ON youtube_whitelisted_channels (created_at, id);
    DROP INDEX youtube_whitelisted_channels_channel_idx;
    CREATE INDEX youtube_whitelisted_channels_channel_idx ON youtube_whitelisted_channels (channel_id, id);

    CREATE INDEX payout_revenues_unallocated_idx ON payout_revenues (payout_id, id) WHERE revenue_source_id IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX payout_revenues_unallocated_idx, youtube_whitelisted_channels_channel_idx, youtube_whitelisted_channels_created_at_idx,
      contracts_currency_id_idx, contracts_contract_type_id_idx, vendors_state_id_idx, vendors_type_id_idx, vendors_number_id_idx,
      payments_payout_idx, payments_paid_at_idx, payments_start_date_idx, payments_wht_amount_idx, payments_vat_amount_idx,
      payments_amount_idx, payments_total_amount_idx;
    CREATE INDEX youtube_whitelisted_channels_channel_idx ON youtube_whitelisted_channels (channel_id);
  `.execute(db);
}
