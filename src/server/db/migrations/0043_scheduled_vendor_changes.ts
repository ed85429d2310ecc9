import { type Kysely, sql } from 'kysely';

// A change confirmed with a `valid_from` after today waits for that day (issue 24, item 2; DOMAIN.md
// "Vendors": the changes apply from `valid_from`): the vendor keeps its data until then, and the
// vendor file of the month the change applies in carries it with its confirmation document.
// - `vendor_documents.valid_from`: the day the document's change applies, when later than the day it
//   was added; the vendor file zips a document in that month instead of the month it was uploaded.
// - The confirmation-pending tab lists pending requests only; the applying job finds confirmed ones by
//   the partial index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE vendor_documents ADD COLUMN valid_from date;
    CREATE INDEX vendors_scheduled_change_idx ON vendors (id) WHERE (change_request ->> 'agreement_status') = 'confirmed';
    DROP INDEX vendors_confirmation_pending_idx;
    CREATE INDEX vendors_confirmation_pending_idx ON vendors (id) WHERE state = 'new' OR (change_request ->> 'agreement_status') = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX vendors_confirmation_pending_idx;
    CREATE INDEX vendors_confirmation_pending_idx ON vendors (id) WHERE state = 'new' OR change_request IS NOT NULL;
    DROP INDEX vendors_scheduled_change_idx;
    ALTER TABLE vendor_documents DROP COLUMN valid_from;
  `.execute(db);
}
