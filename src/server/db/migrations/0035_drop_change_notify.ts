import { type Kysely, sql } from 'kysely';

// The answer cache is gone (it served only a benchmark reading one list again and again): the statement
// triggers migration 0031's function fed, on every table, go with it, and with them the notify each
// writing transaction paid for at commit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'remit_notify_change' LOOP
        EXECUTE format('DROP TRIGGER remit_notify_change ON %I', t.relname);
      END LOOP;
    END $$;
    DROP FUNCTION IF EXISTS remit_notify_change();
  `.execute(db);
}

// The function comes back (migration 0031's); nothing puts the triggers on the tables any more.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION remit_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('remit_changes', '');
      RETURN NULL;
    END $$;
  `.execute(db);
}
