import { type Kysely, sql } from 'kysely';

// Term history (DOMAIN "Contracts"): applying an amendment keeps the terms it replaces, with `ended_on` (its apply_on,
// the first day they no longer apply). A payout month runs on the terms in force on its first day: per contract, those
// kept by its earliest amendment ending after that day, else the current ones. One table per kind of term, as the
// amendment may change each on its own. A replaced share keeps its row's id (`share_id`), and payment line items keep
// that id instead of losing it with the row: a statement explains a line by the share it was computed with, current or
// replaced, and a run for a month before an amendment writes its lines with the replaced share's id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_line_items DROP CONSTRAINT payment_line_items_contract_revenue_share_id_fkey;

    CREATE TABLE contract_replaced_revenue_shares (
      contract_amendment_id  bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      contract_id            bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      ended_on               date NOT NULL,
      share_id               bigint NOT NULL,
      type                   text NOT NULL,
      formula                text NOT NULL,
      rev_share              numeric(7,4),
      baseline               numeric(14,2),
      fixed_income           numeric(14,2),
      threshold              numeric(14,2),
      PRIMARY KEY (contract_amendment_id, type)
    );
    CREATE INDEX contract_replaced_revenue_shares_contract_idx ON contract_replaced_revenue_shares (contract_id, ended_on);
    CREATE INDEX contract_replaced_revenue_shares_share_idx ON contract_replaced_revenue_shares (share_id);

    CREATE TABLE contract_replaced_revenue_sources (
      contract_amendment_id  bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      contract_id            bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      ended_on               date NOT NULL,
      revenue_source_id      bigint NOT NULL REFERENCES revenue_sources(id) ON DELETE CASCADE,
      PRIMARY KEY (contract_amendment_id, revenue_source_id)
    );
    CREATE INDEX contract_replaced_revenue_sources_contract_idx ON contract_replaced_revenue_sources (contract_id, ended_on);

    CREATE TABLE contract_replaced_payment_methods (
      contract_amendment_id     bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      contract_vendor_id        bigint NOT NULL REFERENCES contract_vendors(id) ON DELETE CASCADE,
      ended_on                  date NOT NULL,
      vendor_payment_method_id  bigint REFERENCES vendor_payment_methods(id) ON DELETE SET NULL,
      PRIMARY KEY (contract_amendment_id, contract_vendor_id)
    );
    CREATE INDEX contract_replaced_payment_methods_cv_idx ON contract_replaced_payment_methods (contract_vendor_id, ended_on);`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE contract_replaced_payment_methods, contract_replaced_revenue_sources, contract_replaced_revenue_shares;
    UPDATE payment_line_items l SET contract_revenue_share_id = NULL
    WHERE contract_revenue_share_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM contract_revenue_shares s WHERE s.id = l.contract_revenue_share_id);
    ALTER TABLE payment_line_items ADD CONSTRAINT payment_line_items_contract_revenue_share_id_fkey
      FOREIGN KEY (contract_revenue_share_id) REFERENCES contract_revenue_shares(id) ON DELETE SET NULL;`.execute(db);
}
