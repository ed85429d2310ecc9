import { type Kysely, sql } from 'kysely';

// Ecommerce paid-features files of some versions name the channel (`Channel Name`) and not its id
// (REPORTS.md): the name is kept so that allocation can place a row by the channel of that name.
// A nullable column without a default: no rewrite of the revenue table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payout_revenues ADD COLUMN channel_name text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payout_revenues DROP COLUMN channel_name`.execute(db);
}
