import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each area adds its own tables by augmenting this interface from its
 * module (`declare module '../../db/schema.js' { interface Database { banks: BanksTable } }`), so adding a
 * resource never means editing a shared list of tables.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** NUMERIC columns travel as decimal strings, never as numbers. */
export type Numeric = ColumnType<string, string, string>;
/** A NUMERIC column that may be empty (optional on insert). */
export type OptionalNumeric = ColumnType<string | null, string | null | undefined, string | null>;
export type Json<T> = ColumnType<T, string, string>;
export type Id = Generated<number>;
