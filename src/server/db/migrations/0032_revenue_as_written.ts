import { type Kysely, sql } from 'kysely';

// Revenue import (issue 22, DOMAIN.md "Money, rates, rounding" and "Revenue import").
//
// `payout_revenues.revenue` becomes NUMERIC without a scale: real CMS files carry 12 decimals and more
// (`0.000004236151`), which NUMERIC(24,10) refused or would have rounded. Dropping the type modifier
// keeps every stored value as it is (no rewrite of the table's values; their scale stays as stored).
//
// A file is known by the SHA-256 of its content: the same content is imported once across all payouts.
// Files that already share a digest (uploaded before this rule) are kept: all but the first of each
// digest are marked `digest_repeated`, and the unique key holds for every other file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payout_revenues ALTER COLUMN revenue TYPE numeric;

    ALTER TABLE payout_files ADD COLUMN digest_repeated boolean NOT NULL DEFAULT false;
    UPDATE payout_files f SET digest_repeated = true
      WHERE EXISTS (SELECT 1 FROM payout_files e WHERE e.digest = f.digest AND e.id < f.id);
    CREATE UNIQUE INDEX payout_files_digest_key ON payout_files (digest) WHERE NOT digest_repeated;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX payout_files_digest_key;
    ALTER TABLE payout_files DROP COLUMN digest_repeated;
    ALTER TABLE payout_revenues ALTER COLUMN revenue TYPE numeric(24,10);
  `.execute(db);
}
