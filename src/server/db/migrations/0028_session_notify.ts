import { type Kysely, sql } from 'kysely';

// History: migration 0035 drops these triggers and their function with the session cache.

// The session cache (`http/session-cache.ts`) of every process listens on `remit_sessions` and evicts
// what these triggers name. A trigger, not a NOTIFY beside each write: every statement that ends or
// alters an admission notifies inside its own transaction (delivered on commit, dropped on rollback),
// whether it comes from a route, a job, a script or psql. The minute-wise touch of `last_seen_at`
// moves it forward and stays silent; moving it back (or any other change) notifies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION remit_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('remit_sessions', '*');
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('remit_sessions', 'u' || OLD.id);
      ELSE
        PERFORM pg_notify('remit_sessions', 's' || OLD.id);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR NEW.last_seen_at < OLD.last_seen_at OR OLD.token_digest IS DISTINCT FROM NEW.token_digest OR OLD.user_id IS DISTINCT FROM NEW.user_id)
      EXECUTE FUNCTION remit_notify_session();
    CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION remit_notify_session();
    CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION remit_notify_session();

    CREATE TRIGGER users_notify_update AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.disabled IS DISTINCT FROM NEW.disabled OR OLD.roles IS DISTINCT FROM NEW.roles OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.password_digest IS DISTINCT FROM NEW.password_digest)
      EXECUTE FUNCTION remit_notify_session();
    CREATE TRIGGER users_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION remit_notify_session();
    CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION remit_notify_session();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER users_notify_truncate ON users;
    DROP TRIGGER users_notify_delete ON users;
    DROP TRIGGER users_notify_update ON users;
    DROP TRIGGER sessions_notify_truncate ON sessions;
    DROP TRIGGER sessions_notify_delete ON sessions;
    DROP TRIGGER sessions_notify_update ON sessions;
    DROP FUNCTION remit_notify_session();
  `.execute(db);
}
