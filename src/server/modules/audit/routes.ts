import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasAnyRole } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { parseListQuery } from '../../http/list-query.js';
import './tables.js';
import '../session/tables.js';

/** Which roles may read the audit trail of each audited type; areas register theirs. */
const readers = new Map<string, readonly string[]>();

export function registerAuditedType(type: string, roles: readonly string[]): void {
  readers.set(type, roles);
}

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { type: string; id: string } }>('/api/audit_logs/:type/:id', { config: { roles: [] } }, async (request) => {
    const { type, id } = request.params;
    const roles = readers.get(type);
    if (!roles) throw notFound();
    if (!hasAnyRole(currentUser(request).roles, roles)) throw forbidden();
    if (!/^\d{1,15}$/.test(id)) throw unprocessable({ id: ['invalid'] });
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sort: { version: 'audit_logs.version' },
      defaultSort: { column: 'version', direction: 'desc' },
    });
    const base = ctx.db
      .selectFrom('audit_logs')
      .leftJoin('users', 'users.id', 'audit_logs.user_id')
      .where('audit_logs.auditable_type', '=', type)
      .where('audit_logs.auditable_id', '=', Number(id));
    const [{ total }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
    const rows = await base
      .select([
        'audit_logs.id',
        'audit_logs.action',
        'audit_logs.version',
        'audit_logs.audited_changes',
        'audit_logs.created_at',
        'users.id as user_id',
        'users.email as user_email',
        'users.first_name as user_first_name',
        'users.last_name as user_last_name',
      ])
      .orderBy('audit_logs.version', list.sort.direction)
      .limit(list.size)
      .offset((list.page - 1) * list.size)
      .execute();
    return {
      entries: rows.map((r) => ({
        id: r.id,
        action: r.action,
        version: r.version,
        audited_changes: r.audited_changes,
        created_at: r.created_at,
        user: r.user_id ? { id: r.user_id, email: r.user_email, first_name: r.user_first_name, last_name: r.user_last_name } : null,
      })),
      total,
      page: list.page,
      size: list.size,
    };
  });
}
