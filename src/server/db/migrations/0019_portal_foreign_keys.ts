import { type Kysely, sql } from 'kysely';

// The portal tables (0010) and the contact emails (0008) point at each other by id without foreign
// keys, since either file could run first. Both exist from here on: the references are declared,
// rows that point at nothing are dropped first (a token or session of a removed address signs no
// one in), and removing an address takes its tokens and sessions with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM portal_sign_in_tokens t WHERE NOT EXISTS (SELECT 1 FROM vendor_contact_emails e WHERE e.id = t.vendor_contact_email_id);
    DELETE FROM portal_sessions s WHERE NOT EXISTS (SELECT 1 FROM vendor_contact_emails e WHERE e.id = s.vendor_contact_email_id);
    UPDATE vendor_contact_emails e SET portal_user_id = NULL
      WHERE portal_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM portal_users u WHERE u.id = e.portal_user_id);

    ALTER TABLE portal_sign_in_tokens ADD CONSTRAINT portal_sign_in_tokens_email_fkey
      FOREIGN KEY (vendor_contact_email_id) REFERENCES vendor_contact_emails(id) ON DELETE CASCADE;
    ALTER TABLE portal_sessions ADD CONSTRAINT portal_sessions_email_fkey
      FOREIGN KEY (vendor_contact_email_id) REFERENCES vendor_contact_emails(id) ON DELETE CASCADE;
    ALTER TABLE vendor_contact_emails ADD CONSTRAINT vendor_contact_emails_portal_user_fkey
      FOREIGN KEY (portal_user_id) REFERENCES portal_users(id) ON DELETE SET NULL;
    CREATE INDEX portal_sign_in_tokens_email_idx ON portal_sign_in_tokens (vendor_contact_email_id);
    CREATE INDEX portal_sessions_email_idx ON portal_sessions (vendor_contact_email_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX portal_sessions_email_idx;
    DROP INDEX portal_sign_in_tokens_email_idx;
    ALTER TABLE vendor_contact_emails DROP CONSTRAINT vendor_contact_emails_portal_user_fkey;
    ALTER TABLE portal_sessions DROP CONSTRAINT portal_sessions_email_fkey;
    ALTER TABLE portal_sign_in_tokens DROP CONSTRAINT portal_sign_in_tokens_email_fkey;
  `.execute(db);
}
