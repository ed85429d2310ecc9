import type { Insertable, Kysely } from 'kysely';
import { addError, type FieldErrors } from '../../shared/validation/core.js';
import type { Database } from '../db/schema.js';
import { audit, changedAttributes } from '../modules/audit/audit.js';
import { ValidationFailed } from './errors.js';
import type { WriteContext } from './resource.js';

/** One entry of a record's list as saved: with the id of a stored row it updates it, without one it adds one. */
export interface ChildRow<V> {
  id?: number | null;
  values: V;
}

/** Tables whose rows belong to a parent through `parentKey` (e.g. an organization's signers). */
export interface ChildRows<T extends keyof Database & string> {
  table: T;
  /** The column naming the parent, e.g. `organization_id`. */
  parentKey: keyof Database[T] & string;
  /** The payload's list, for errors (`signers.2.id`). */
  field: string;
  /** The audit type of one row, e.g. `OrganizationSigner`. */
  auditType: string;
}

/** Columns that are not a row's data and are left out of its audit entries. */
const BOOKKEEPING = ['id', 'created_at', 'updated_at', 'lock_version'];

/** A list's description, typed by its table (the parent key must be one of its columns). */
export const childRows = <T extends keyof Database & string>(spec: ChildRows<T>): ChildRows<T> => spec;

/** The columns a saved row may set: those of the table but its id and its parent. */
export type ChildValues<T extends keyof Database & string> = Omit<Insertable<Database[T]>, 'id'>;

/**
 * Saves a record's list as a whole, inside the record's write: rows whose id the list names are
 * updated (an id of another parent is a 422 on that entry), rows without an id are added, and the
 * parent's other rows are removed. Each row added, changed or removed gets its own audit entry
 * (`create` / `update` / `destroy` under `auditType`, with the changed columns and the actor), so a
 * list's history shows which entry changed, not just that the list did. Answers the ids of the saved
 * rows in the order of `rows` (the new rows' too), for lists that have lists of their own.
 */
export async function saveChildRows<T extends keyof Database & string>(
  w: WriteContext,
  spec: ChildRows<T>,
  parentId: number,
  rows: readonly ChildRow<Partial<ChildValues<T>>>[],
): Promise<number[]> {
  // Each table shares `id` and its parent key; the other columns are checked by `ChildValues<T>`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = w.trx as unknown as Kysely<any>;
  const table: string = spec.table;
  const parentKey: string = spec.parentKey;
  const stored = new Map<number, Record<string, unknown>>(
    (await db.selectFrom(table).selectAll().where(parentKey, '=', parentId).orderBy('id').execute()).map((row) => [Number(row.id), row]),
  );
  const errors: FieldErrors = {};
  rows.forEach((row, i) => {
    if (row.id != null && !stored.has(Number(row.id))) addError(errors, [spec.field, i, 'id'], 'invalid');
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

  const record = (action: string, id: number, changes: Record<string, unknown>) =>
    audit(w.trx, { action, type: spec.auditType, id, changes, userId: w.user.id });
  const own = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !BOOKKEEPING.includes(k)));

  const kept = new Set(rows.flatMap((r) => (r.id != null ? [Number(r.id)] : [])));
  const removed = [...stored.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) await db.deleteFrom(table).where('id', 'in', removed).execute();
  for (const id of removed) await record('destroy', id, changedAttributes(own(stored.get(id)!), null, []));

  for (const row of rows) {
    if (row.id == null) continue;
    const before = stored.get(Number(row.id))!;
    const values = row.values as Record<string, unknown>;
    const changes = changedAttributes(
      Object.fromEntries(Object.keys(values).map((k) => [k, before[k]])),
      values,
      [],
    );
    if (Object.keys(changes).length === 0) continue;
    await db.updateTable(table).set(values).where('id', '=', row.id).execute();
    await record('update', Number(row.id), changes);
  }

  const added = rows.filter((r) => r.id == null).map((r) => ({ ...(r.values as Record<string, unknown>), [parentKey]: parentId }));
  const inserted = added.length === 0 ? [] : await db.insertInto(table).values(added).returningAll().execute();
  for (const row of inserted) await record('create', Number(row.id), changedAttributes(null, own(row), []));
  // A multi-row INSERT ... RETURNING answers the rows in the order of its VALUES.
  const newIds = inserted.map((row) => Number(row.id));
  return rows.map((r) => (r.id != null ? Number(r.id) : newIds.shift()!));
}
