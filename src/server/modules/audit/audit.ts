import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import './tables.js';

export type AuditAction = 'create' | 'update' | 'destroy' | string;

/** The attributes that changed between two versions of a record, as `{field: [before, after]}`. */
export function changedAttributes(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignore: readonly string[] = ['updated_at', 'lock_version'],
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (ignore.includes(key)) continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = [a, b];
  }
  return out;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and its
 * audit entry commit together. The version counts per audited record.
 */
export async function audit(
  trx: Db,
  entry: { action: AuditAction; type: string; id: number; changes: Record<string, unknown>; userId: number | null },
): Promise<void> {
  // Serialise versions of one record: concurrent writers of the same record wait here.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${entry.type}:${entry.id}`}, 0))`.execute(trx);
  await trx
    .insertInto('audit_logs')
    .values({
      action: entry.action,
      auditable_type: entry.type,
      auditable_id: entry.id,
      version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM audit_logs WHERE auditable_type = ${entry.type} AND auditable_id = ${entry.id})`,
      audited_changes: JSON.stringify(entry.changes),
      user_id: entry.userId,
      // Kept beside the id so the entry still names its actor once the user is deleted.
      user_email: sql<string | null>`(SELECT email FROM users WHERE id = ${entry.userId})`,
    })
    .execute();
}

/**
 * One audit entry per record for a set-based write (`UPDATE ... RETURNING` of many rows), in two
 * statements for any number: the records' version locks in id order, then one INSERT ... SELECT.
 */
export async function auditMany(
  trx: Db,
  entry: { action: AuditAction; type: string; userId: number | null },
  changes: readonly { id: number; changes: Record<string, unknown> }[],
): Promise<void> {
  if (changes.length === 0) return;
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  const ids = sorted.map((c) => c.id);
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${entry.type} || ':' || id, 0)) FROM unnest(${ids}::bigint[]) AS t(id) ORDER BY id`.execute(trx);
  await sql`
    INSERT INTO audit_logs (action, auditable_type, auditable_id, version, audited_changes, user_id, user_email)
    SELECT ${entry.action}, ${entry.type}, c.id,
      (SELECT coalesce(max(version), 0) + 1 FROM audit_logs a WHERE a.auditable_type = ${entry.type} AND a.auditable_id = c.id),
      c.changes, ${entry.userId}::bigint, (SELECT email FROM users WHERE id = ${entry.userId}::bigint)
    FROM unnest(${ids}::bigint[], ${sorted.map((c) => JSON.stringify(c.changes))}::jsonb[]) AS c(id, changes)`.execute(trx);
}
