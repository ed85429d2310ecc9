import { type Kysely, sql } from 'kysely';

// History: migration 0035 drops this function and its triggers with the answer cache.

// The answer cache (`http/answer-cache.ts`) of every process listens on `remit_changes` and empties itself
// when a transaction that wrote any table commits. The statement-level triggers that call this function
// are kept on every table by `ensureChangeTriggers` (`db/change-triggers.ts`), after each migration run,
// so a table a later migration adds has one too. One payload per transaction: PostgreSQL folds equal ones.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION remit_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('remit_changes', '');
      RETURN NULL;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'remit_notify_change' LOOP
        EXECUTE format('DROP TRIGGER remit_notify_change ON %I', t.relname);
      END LOOP;
    END $$;
    DROP FUNCTION remit_notify_change();
  `.execute(db);
}
