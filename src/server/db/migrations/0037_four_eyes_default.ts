import { type Kysely, sql } from 'kysely';

// Four eyes on money out (DOMAIN.md "Four-eyes on money out"): on by default for new organizations.
// Existing ones keep what migration 0034 gave them (off), so a team that works alone is not blocked mid-month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organizations ALTER COLUMN four_eyes SET DEFAULT true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organizations ALTER COLUMN four_eyes SET DEFAULT false`.execute(db);
}
