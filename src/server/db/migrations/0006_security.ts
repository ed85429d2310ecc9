import { type Kysely, sql } from 'kysely';

// Audit entries keep their actor for good: the e-mail is stored beside the id, and deleting a user no
// longer clears the id (the entry is history, not a reference that must stay resolvable).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_logs ADD COLUMN user_email text;
    UPDATE audit_logs SET user_email = users.email FROM users WHERE users.id = audit_logs.user_id;
    ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_user_id_fkey;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE audit_logs SET user_id = NULL WHERE user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = audit_logs.user_id);
    ALTER TABLE audit_logs ADD CONSTRAINT audit_logs_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
    ALTER TABLE audit_logs DROP COLUMN user_email;
  `.execute(db);
}
