import { type Kysely, sql } from 'kysely';

// Users, sessions, sign-in log, password tokens, audit log and job links: what every area stands on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id               bigserial PRIMARY KEY,
      email            text NOT NULL,
      first_name       text NOT NULL,
      last_name        text NOT NULL,
      password_digest  text,
      roles            text[] NOT NULL DEFAULT '{}',
      disabled         boolean NOT NULL DEFAULT false,
      failed_attempts  integer NOT NULL DEFAULT 0,
      first_failed_at  timestamptz,
      locked_until     timestamptz,
      last_sign_in_at  timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      lock_version     integer NOT NULL DEFAULT 0,
      CONSTRAINT users_contracts_roles_exclusive
        CHECK (NOT ('contracts' = ANY(roles) AND 'approve_contracts' = ANY(roles)))
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE user_authentications (
      id          bigserial PRIMARY KEY,
      user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider    text NOT NULL,
      uid         text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, uid),
      UNIQUE (user_id, provider)
    );

    CREATE TABLE sessions (
      id            bigserial PRIMARY KEY,
      user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_digest  text NOT NULL UNIQUE,
      client        text,
      ip            text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      expires_at    timestamptz NOT NULL,
      revoked_at    timestamptz
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE sign_in_attempts (
      id          bigserial PRIMARY KEY,
      email       text NOT NULL,
      ip          text,
      method      text NOT NULL,
      outcome     text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE password_tokens (
      id          bigserial PRIMARY KEY,
      user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      digest      text NOT NULL UNIQUE,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_logs (
      id                  bigserial PRIMARY KEY,
      action              text NOT NULL,
      auditable_type      text NOT NULL,
      auditable_id        bigint NOT NULL,
      version             integer NOT NULL,
      audited_changes     jsonb NOT NULL DEFAULT '{}',
      user_id             bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at          timestamptz NOT NULL DEFAULT now(),
      UNIQUE (auditable_type, auditable_id, version)
    );

    CREATE TABLE oidc_requests (
      state_digest  text PRIMARY KEY,
      verifier      text NOT NULL,
      nonce         text NOT NULL,
      continue_to   text,
      platform      text,
      expires_at    timestamptz NOT NULL
    );

    CREATE TABLE demo_seeds (
      name        text PRIMARY KEY,
      applied_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE job_links (
      job_id       uuid PRIMARY KEY,
      name         text NOT NULL,
      entity_type  text NOT NULL,
      entity_id    bigint NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      finished_at  timestamptz
    );
    CREATE INDEX job_links_entity_idx ON job_links (entity_type, entity_id) WHERE finished_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE demo_seeds, job_links, oidc_requests, audit_logs, password_tokens, sign_in_attempts, sessions, user_authentications, users`.execute(db);
}
