import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasAnyRole } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { parseListQuery, runList } from '../../http/list-query.js';
import { listSpec } from '../../http/list-source.js';
import { auditList } from '../../../shared/lists/audit.js';
import './tables.js';
import '../session/tables.js';

/** Which roles may read the audit trail of each audited type; areas register theirs. */
const readers = new Map<string, readonly string[]>();
/** Path names of audited types that differ from the stored type (`/api/audit_logs/vendor/1` reads `Vendor`). */
const aliases = new Map<string, string>();

export function registerAuditedType(type: string, roles: readonly string[], alias?: string): void {
  readers.set(type, roles);
  if (alias) aliases.set(alias, type);
}

interface AuditRow {
  id: number;
  action: string;
  version: number;
  audited_changes: unknown;
  created_at: Date;
  user_id: number | null;
  user_email: string | null;
  user_first_name: string | null;
  user_last_name: string | null;
}

/** A record's audit trail, newest first. */
export const AUDIT_LIST = listSpec(auditList, { sort: { version: 'audit_logs.version' }, defaultSort: { column: 'version', direction: 'desc' } });

/** The entries of one record's trail with their actors, as `AUDIT_LIST` lists them. */
export function auditEntries(db: Db, type: string, id: number) {
  return db
    .selectFrom('audit_logs')
    .leftJoin('users', 'users.id', 'audit_logs.user_id')
    .where('audit_logs.auditable_type', '=', type)
    .where('audit_logs.auditable_id', '=', id)
    .select([
      'audit_logs.id',
      'audit_logs.action',
      'audit_logs.version',
      'audit_logs.audited_changes',
      'audit_logs.created_at',
      'audit_logs.user_id',
      // The stored e-mail names an actor whose account has since been deleted.
      sql<string | null>`coalesce(users.email, audit_logs.user_email)`.as('user_email'),
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
    ]);
}

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { type: string; id: string } }>('/api/audit_logs/:type/:id', { config: { roles: [] } }, async (request) => {
    const { id } = request.params;
    const type = aliases.get(request.params.type) ?? request.params.type;
    const roles = readers.get(type);
    if (!roles) throw notFound();
    if (!hasAnyRole(currentUser(request).roles, roles)) throw forbidden();
    if (!/^\d{1,15}$/.test(id)) throw unprocessable({ id: ['invalid'] });
    const list = parseListQuery(request.query as Record<string, unknown>, AUDIT_LIST);
    const rows = auditEntries(ctx.db, type, Number(id));
    // Like every list: keyset paging with `after`, the count capped. The version is unique per record,
    // so it is its own tiebreak and the (type, id, version) key serves the order without a sort.
    const page = await runList<AuditRow>(ctx.db, rows, list, AUDIT_LIST, 'audit_logs.version');
    return {
      ...page,
      entries: page.entries.map((r) => ({
        id: r.id,
        action: r.action,
        version: r.version,
        audited_changes: r.audited_changes,
        created_at: r.created_at,
        user: r.user_id ? { id: r.user_id, email: r.user_email, first_name: r.user_first_name, last_name: r.user_last_name } : null,
      })),
    };
  });
}
