import { type Kysely, sql } from 'kysely';

// Vendor files (spec 2 sections 2, 3 "Vendor file"; DOMAIN.md "Vendor files and reports") and the
// vendor portal's access (DOMAIN.md "Vendors", portal bullet).
//
// A vendor file is one organization's month: one row per (organization, month), rewritten when made
// again, so a job that runs twice still leaves one file. The portal tables point at contact emails
// without a foreign key: vendors (0008) may be migrated after this file on a database that ran it
// first; 0019 declares the references once both exist.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_files (
      id                          bigserial PRIMARY KEY,
      organization_id             bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      month                       date NOT NULL CHECK (extract(day FROM month) = 1),
      digest                      text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
      file_key                    text NOT NULL,
      confirmation_documents_key  text,
      vendor_count                integer NOT NULL DEFAULT 0,
      created_at                  timestamptz NOT NULL DEFAULT now(),
      updated_at                  timestamptz NOT NULL DEFAULT now(),
      lock_version                integer NOT NULL DEFAULT 0,
      CONSTRAINT vendor_files_organization_month_key UNIQUE (organization_id, month)
    );
    CREATE INDEX vendor_files_month_idx ON vendor_files (month, id);
    CREATE INDEX vendor_files_created_at_idx ON vendor_files (created_at, id);

    -- Who signs in to the vendor portal: one per address, whatever vendors it is a contact of.
    CREATE TABLE portal_users (
      id          bigserial PRIMARY KEY,
      email       text NOT NULL,
      email_key   text GENERATED ALWAYS AS (lower(email)) STORED,
      created_at  timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT portal_users_email_key UNIQUE (email_key)
    );

    -- One-time sign-in tokens staff get from authorize_as_portal_user (only their digests).
    CREATE TABLE portal_sign_in_tokens (
      id                       bigserial PRIMARY KEY,
      token_digest             text NOT NULL UNIQUE,
      csrf_digest              text NOT NULL,
      portal_user_id           bigint NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
      vendor_contact_email_id  bigint NOT NULL,
      issued_by_user_id        bigint REFERENCES users(id) ON DELETE SET NULL,
      expires_at               timestamptz NOT NULL,
      used_at                  timestamptz,
      created_at               timestamptz NOT NULL DEFAULT now()
    );

    -- A portal session: the browser holds the token in a cookie, the database its digest.
    CREATE TABLE portal_sessions (
      id                       bigserial PRIMARY KEY,
      token_digest             text NOT NULL UNIQUE,
      portal_user_id           bigint NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
      vendor_contact_email_id  bigint NOT NULL,
      issued_by_user_id        bigint REFERENCES users(id) ON DELETE SET NULL,
      expires_at               timestamptz NOT NULL,
      created_at               timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE portal_sessions, portal_sign_in_tokens, portal_users, vendor_files`.execute(db);
}
