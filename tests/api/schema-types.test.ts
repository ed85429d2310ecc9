import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/global-db.js';

/**
 * The hand-written table types (`src/server/modules/<area>/tables.ts`, merged into `Database` of
 * `db/schema.ts`) against the migrated template's information_schema: every typed table exists with
 * exactly its typed columns, each nullable exactly when its type admits null, and of the kind its
 * PostgreSQL type travels as (`db/connection.ts`: NUMERIC, DATE and text as strings, int8 as a number).
 * A migration that adds, drops, renames or changes a column fails here until tables.ts follows.
 * Tables no code reads through Kysely (pg-boss's schema, the migration bookkeeping) are left out.
 */

const UNTYPED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  // Read and written only through sql`` (jobs' bookkeeping, the demo seeds' log, a replaced contract's copies).
  'demo_seeds',
  'job_links',
  'job_workers',
  'contract_replaced_payment_methods',
  'contract_replaced_revenue_shares',
  'contract_replaced_revenue_sources',
]);

/** What each PostgreSQL type reads as in JavaScript with this app's type parsers. */
const KIND: Record<string, string> = {
  integer: 'number',
  bigint: 'number',
  smallint: 'number',
  'double precision': 'number',
  real: 'number',
  numeric: 'string',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  date: 'string',
  citext: 'string',
  inet: 'string',
  bytea: 'Buffer',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  jsonb: 'json',
  json: 'json',
  ARRAY: 'array',
  tsvector: 'string',
  USER_DEFINED: 'string',
};

interface TypedColumn {
  nullable: boolean;
  kinds: Set<string>;
}

/** `Database` as the compiler sees it once every tables.ts has augmented it: table → column → select type. */
function typedTables(): Map<string, Map<string, TypedColumn>> {
  const modules = path.resolve('src/server/modules');
  const files = [path.resolve('src/server/db/schema.ts')];
  for (const area of fs.readdirSync(modules)) {
    const file = path.join(modules, area, 'tables.ts');
    if (fs.existsSync(file)) files.push(file);
  }
  // The project's own compiler options, so imports resolve as `npm run typecheck` resolves them.
  const config = ts.readConfigFile(path.resolve('tsconfig.json'), (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, path.resolve('.'));
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const schema = program.getSourceFile(files[0]!)!;
  const database = schema.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database')!;
  const type = checker.getTypeAtLocation(database.name);
  const kindOf = (t: ts.Type): string => {
    if (t.flags & ts.TypeFlags.NumberLike) return 'number';
    if (t.flags & ts.TypeFlags.StringLike) return 'string';
    if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (checker.isArrayType(t)) return 'array';
    const name = t.getSymbol()?.getName();
    if (name === 'Date' || name === 'Buffer') return name;
    if (t.flags & ts.TypeFlags.Any) throw new Error('a column typed any (an import that does not resolve?)');
    return 'json';
  };
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const table of type.getProperties()) {
    const columns = new Map<string, TypedColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      // ColumnType<Select, Insert, Update> and Generated<T> (alone or in a union with null): what a select reads.
      const selected = (t: ts.Type): ts.Type[] => {
        const select = t.getProperty('__select__');
        if (select) return selected(checker.getTypeOfSymbol(select));
        return t.isUnion() ? t.types.flatMap(selected) : [t];
      };
      const parts = selected(checker.getTypeOfSymbol(column));
      const nonNull = parts.filter((p) => !(p.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      // `true | false` is how the compiler spells boolean.
      columns.set(column.getName(), { nullable: nonNull.length < parts.length, kinds: new Set(nonNull.map(kindOf)) });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

describe('table types', () => {
  it('match the migrated schema, table by table and column by column', { timeout: 120_000 }, async () => {
    const client = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), inject('pgTemplate')) });
    await client.connect();
    const { rows } = await client
      .query<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string; derived: boolean }>(
        // A view's columns and a generated column always say NULL allowed: their nullability is not checked.
        `SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, (t.table_type = 'VIEW' OR c.is_generated = 'ALWAYS') AS derived
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
         WHERE c.table_schema = 'public' ORDER BY 1, c.ordinal_position`,
      )
      .finally(() => client.end());
    const actual = new Map<string, Map<string, { nullable: boolean; derived: boolean; kind: string; type: string }>>();
    for (const r of rows) {
      if (UNTYPED.has(r.table_name)) continue;
      if (!actual.has(r.table_name)) actual.set(r.table_name, new Map());
      actual.get(r.table_name)!.set(r.column_name, { nullable: r.is_nullable === 'YES', derived: r.derived, kind: KIND[r.data_type] ?? r.data_type, type: r.data_type });
    }
    const typed = typedTables();
    const differences: string[] = [];
    for (const name of actual.keys()) if (!typed.has(name)) differences.push(`${name}: a table without a type in any tables.ts`);
    for (const [name, columns] of typed) {
      const table = actual.get(name);
      if (!table) {
        differences.push(`${name}: typed, but no such table`);
        continue;
      }
      for (const column of table.keys()) if (!columns.has(column)) differences.push(`${name}.${column}: a column missing from the type`);
      for (const [column, t] of columns) {
        const db = table.get(column);
        if (!db) differences.push(`${name}.${column}: typed, but no such column`);
        else if (db.nullable !== t.nullable && !db.derived) differences.push(`${name}.${column}: ${db.nullable ? 'NULL allowed' : 'NOT NULL'} in the schema, ${t.nullable ? 'nullable' : 'not nullable'} in the type`);
        else if (db.kind !== 'json' && !(t.kinds.size === 1 && t.kinds.has(db.kind))) differences.push(`${name}.${column}: ${db.type} reads as ${db.kind}, typed as ${[...t.kinds].join(' | ')}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
