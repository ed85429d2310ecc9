import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import type { UnallocatedRevenue } from '../../../shared/entities/payout.js';
import { isoDate, oneOf } from '../../../shared/validation/core.js';
import { wholeNumber } from '../../../shared/validation/fields.js';
import { REVENUE_TYPES, UNALLOCATED_REVENUE_TYPES, validateAllocateUnallocated } from '../../../shared/validation/payouts.js';
import { object, optional } from 'superstruct';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { poolOf } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { csvCellSql } from '../../lib/csv.js';
import { ValidationFailed } from '../../http/errors.js';
import { type ColumnRef, type Condition, type ListQuery, parseListQuery, runList } from '../../http/list-query.js';
import { failIf, Ineligible, unstorableText, valid, write } from '../../http/resource.js';
import { check } from '../../../shared/validation/core.js';
import { audit } from '../audit/audit.js';
import type { Jobs } from '../../jobs/queue.js';
import { loadPayouts, refuseWhileLocked } from './queries.js';
import { listSource } from '../../http/list-source.js';
import { unallocatedRevenuesList } from '../../../shared/lists/payouts.js';

/** Spec 3, 6: the unallocated_revenues role (admin passes every check). */
const ROLES = ['unallocated_revenues'];
const TYPES = [...new Set<string>([...UNALLOCATED_REVENUE_TYPES, ...REVENUE_TYPES])];

/** The unallocated revenues list (spec 3, 2.5): the rows no rule placed, with their payout's month to filter by. */
export const UNALLOCATED_LIST = listSource(unallocatedRevenuesList, {
  from: (db) =>
    db
      .selectFrom('payout_revenues')
      .innerJoin('payouts', 'payouts.id', 'payout_revenues.payout_id')
      .where('payout_revenues.revenue_source_id', 'is', null)
      .select('payout_revenues.id'),
  tieBreaker: 'payout_revenues.id',
  sort: {
    id: 'payout_revenues.id',
    revenue_type: 'payout_revenues.revenue_type',
    revenue: 'payout_revenues.revenue',
    claimed_channel_id: { column: 'payout_revenues.channel_id', nullable: true },
    claimed_video_id: { column: 'payout_revenues.video_id', nullable: true },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  filters: {
    month: 'payouts.month',
    content_owner_id: 'payout_revenues.content_owner_id',
    revenue_type: 'payout_revenues.revenue_type',
  },
});

/**
 * The list with its month filter (the everyday view: the default is this month) as that month's payouts:
 * `payout_id = X` for a month of one payout lets the unallocated rows' `(payout_id, id)` index answer
 * the page in order. Filtered through the join, the planner may walk all rows by id instead, expecting
 * the month's rows anywhere, while they lie together at one end: a second at millions of rows. A month
 * of several payouts (adsense and direct) also bounds the ids to those of its rows, so such a walk stays
 * among them.
 */
export async function byMonthPayouts(db: Db, list: ListQuery): Promise<ListQuery> {
  const month = list.conditions.find((c) => c.name === 'month' && c.op === 'eq');
  if (!month) return list;
  const ids = (await db.selectFrom('payouts').select('id').where('month', '=', month.value as string).execute()).map((p) => p.id);
  const on = (column: ColumnRef, op: Condition['op'], value: unknown): Condition => ({ name: month.name, def: { column, kind: 'integer' }, op, value });
  const byPayouts = [ids.length === 1 ? on('payout_revenues.payout_id', 'eq', ids[0]) : on('payout_revenues.payout_id', 'in', ids)];
  if (ids.length > 1) {
    const ranges = await db
      .selectFrom('payout_revenues')
      .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
      .where('revenue_source_id', 'is', null)
      .where('payout_id', 'in', ids)
      .groupBy('payout_id')
      .execute();
    if (ranges.length > 0) {
      byPayouts.push(on('payout_revenues.id', 'gteq', Math.min(...ranges.map((r) => Number(r.lo)))), on('payout_revenues.id', 'lteq', Math.max(...ranges.map((r) => Number(r.hi)))));
    }
  }
  return { ...list, conditions: [...list.conditions.filter((c) => c !== month), ...byPayouts] };
}

/** The payout's first asset summary of a row's asset (`a`): what a claim row lacks of its asset. */
const ASSET_SUMMARY = `LEFT JOIN LATERAL (
      SELECT pa.asset_type, pa.asset_labels, pa.custom_id FROM payout_assets pa
      WHERE pa.payout_id = v.payout_id AND pa.asset_id = v.asset_id ORDER BY pa.id LIMIT 1) a ON true`;

async function loadUnallocated(db: Db, jobs: Jobs, ids: readonly number[]): Promise<UnallocatedRevenue[]> {
  if (ids.length === 0) return [];
  // A claim row carries no asset labels (nor, often, type and custom id): the payout's asset summary
  // of the same asset has them, as allocation reads them (allocation.ts `placements`).
  const rows = await sql<{
    id: number;
    payout_id: number;
    content_owner_id: number | null;
    content_owner_name: string | null;
    content_owner_reference: string | null;
    revenue_type: string;
    revenue: string;
    currency: string;
    asset_id: string | null;
    asset_type: string | null;
    asset_labels: string | null;
    custom_id: string | null;
    channel_id: string | null;
    channel_name: string | null;
    video_id: string | null;
  }>`
    SELECT v.id, v.payout_id, v.content_owner_id, co.display_name AS content_owner_name, co.content_owner_id AS content_owner_reference,
      v.revenue_type, v.revenue, v.currency, v.asset_id, coalesce(v.asset_type, a.asset_type) AS asset_type,
      coalesce(v.asset_labels, a.asset_labels) AS asset_labels, coalesce(v.custom_id, a.custom_id) AS custom_id, v.channel_id, v.channel_name, v.video_id
    FROM payout_revenues v
    LEFT JOIN content_owners co ON co.id = v.content_owner_id
    ${sql.raw(ASSET_SUMMARY)}
    WHERE v.id = ANY(${[...ids]}::bigint[])`
    .execute(db)
    .then((r) => r.rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const payouts = await loadPayouts(db, jobs, [...new Set(rows.map((r) => r.payout_id))]);
  const lockedReason = new Map(payouts.map((p) => [p.id, p.locked_reason]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        payout_id: r.payout_id,
        content_owner_id: r.content_owner_id,
        content_owner_name: r.content_owner_name,
        content_owner_reference: r.content_owner_reference,
        revenue_type: r.revenue_type as UnallocatedRevenue['revenue_type'],
        revenue: r.revenue,
        currency: r.currency,
        claimed_asset_id: r.asset_id,
        claimed_asset_type: r.asset_type,
        claimed_asset_labels: r.asset_labels ? r.asset_labels.split('|') : [],
        claimed_asset_custom_id: r.custom_id,
        claimed_channel_id: r.channel_id,
        claimed_channel_name: r.channel_name,
        claimed_video_id: r.video_id,
        payout_locked_reason: lockedReason.get(r.payout_id) ?? null,
      },
    ];
  });
}

const exportStruct = () => object({ month: optional(isoDate()), content_owner_id: optional(wholeNumber()), revenue_type: optional(oneOf(TYPES)) });

/** /api/unallocated_revenues (spec 3, 2.5, 5.5, 7.5): the rows no rule placed, their CSV export, allocation by hand. */
export function unallocatedRevenueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/unallocated_revenues', { config: { roles: ROLES } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    failIf(unstorableText(query));
    const list = await byMonthPayouts(db, parseListQuery(query, UNALLOCATED_LIST));
    const page = await runList<{ id: number }>(db, UNALLOCATED_LIST.from(db, query), list, UNALLOCATED_LIST, UNALLOCATED_LIST.tieBreaker);
    return { ...page, entries: await loadUnallocated(db, ctx.jobs, page.entries.map((e) => e.id)) };
  });

  /**
   * The filtered rows as CSV, streamed by PostgreSQL (`COPY (...) TO STDOUT`): a million rows pass
   * through without being built in memory. The filter values are checked (a date, a number, a listed
   * type) and then written as escaped literals, since COPY takes no parameters.
   */
  app.post('/api/unallocated_revenues/export', { config: { roles: ROLES } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const raw = body.filter && typeof body.filter === 'object' ? (body.filter as Record<string, unknown>) : body;
    failIf(unstorableText(raw));
    const filter = valid(check(exportStruct(), { month: raw.month || undefined, content_owner_id: raw.content_owner_id || undefined, revenue_type: raw.revenue_type || undefined }));
    const client = await poolOf(db).connect();
    // A checked-out client has no pool listener: a disconnect mid-export must not be an uncaught 'error'.
    const onError = () => undefined;
    client.on('error', onError);
    const lit = (v: string) => client.escapeLiteral(v);
    const where = ['v.revenue_source_id IS NULL'];
    if (filter.month) where.push(`p.month = ${lit(filter.month)}::date`);
    if (filter.content_owner_id !== undefined) where.push(`v.content_owner_id = ${Number(filter.content_owner_id)}`);
    if (filter.revenue_type) where.push(`v.revenue_type = ${lit(filter.revenue_type)}`);
    // The text cells come from report files and content owners: each is guarded against spreadsheet formulas.
    const text = (expression: string, name: string) => `${csvCellSql(expression)} AS ${name}`;
    const statement = `COPY (
      SELECT v.id, ${text('co.display_name', 'content_owner_name')}, ${text('co.content_owner_id', 'content_owner_id')}, v.revenue_type, v.revenue, ${text('v.currency', 'currency')},
        ${text('v.asset_id', 'claimed_asset_id')}, ${text('coalesce(v.asset_type, a.asset_type)', 'claimed_asset_type')}, ${text("replace(coalesce(v.asset_labels, a.asset_labels), '|', ';')", 'claimed_asset_labels')},
        ${text('coalesce(v.custom_id, a.custom_id)', 'claimed_asset_custom_id')}, ${text('v.channel_id', 'claimed_channel_id')}, ${text('v.video_id', 'claimed_video_id')}, p.month
      FROM payout_revenues v JOIN payouts p ON p.id = v.payout_id LEFT JOIN content_owners co ON co.id = v.content_owner_id
      ${ASSET_SUMMARY}
      WHERE ${where.join(' AND ')} ORDER BY v.id) TO STDOUT WITH (FORMAT csv, HEADER true)`;
    const stream = client.query(copyTo(statement));
    let released = false;
    const done = (error?: Error) => {
      if (released) return;
      released = true;
      client.off('error', onError);
      client.release(error);
    };
    stream.on('end', () => done());
    stream.on('error', (e) => done(e));
    reply.raw.on('close', () => {
      if (!released) stream.destroy();
      done(released ? undefined : new Error('export aborted'));
    });
    const name = `unallocated-revenues${filter.month ? `-${filter.month.slice(0, 7)}` : ''}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stream);
  });

  /**
   * Places the selected rows on one revenue source (by reference id and type), all or none: every row
   * must still be unallocated; their payouts are locked first (in id order, as the payment run and the
   * allocation job lock them) and a payout whose job runs or that has payments refuses the whole request
   * (409 with the reason); then the rows are locked in id order, so two concurrent requests for the same
   * rows place them once (the second finds them allocated).
   */
  app.post('/api/unallocated_revenues/allocate', { config: { roles: ROLES } }, async (request) => {
    const user = currentUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    failIf(unstorableText(body));
    const input = valid(validateAllocateUnallocated(body));
    const type = input.assigned_type === 'channel' ? 'youtube_channel' : 'youtube_label';
    const source = await db
      .selectFrom('revenue_sources')
      .select('id')
      .where('reference_id', '=', input.assigned_id.trim())
      .where('type', '=', type)
      .orderBy('id')
      .executeTakeFirst();
    if (!source) throw new ValidationFailed({ assigned_id: ['invalid'] });
    const ids = [...new Set(input.revenue_ids)].sort((a, b) => a - b);
    await write(db, user, async (w) => {
      const { rows: of } = await sql<{ payout_id: number }>`SELECT DISTINCT payout_id::int AS payout_id FROM payout_revenues WHERE id = ANY(${ids}::bigint[]) ORDER BY 1`.execute(w.trx);
      const payoutIds = of.map((r) => Number(r.payout_id));
      await sql`SELECT id FROM payouts WHERE id = ANY(${payoutIds}::bigint[]) ORDER BY id FOR UPDATE`.execute(w.trx);
      for (const p of await loadPayouts(w.trx, ctx.jobs, payoutIds)) refuseWhileLocked(p);
      const rows = await sql<{ id: number; payout_id: number; revenue_source_id: number | null }>`
        SELECT id, payout_id, revenue_source_id FROM payout_revenues WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(w.trx);
      const found = new Map(rows.rows.map((r) => [Number(r.id), r]));
      const ineligible = ids.filter((id) => {
        const r = found.get(id);
        return !r || r.revenue_source_id !== null;
      });
      if (ineligible.length > 0) throw new Ineligible(ineligible);
      await sql`UPDATE payout_revenues SET revenue_source_id = ${source.id}, allocated_by = 'manual' WHERE id = ANY(${ids}::bigint[])`.execute(w.trx);
      const perPayout = new Map<number, number[]>();
      for (const r of rows.rows) perPayout.set(Number(r.payout_id), [...(perPayout.get(Number(r.payout_id)) ?? []), Number(r.id)]);
      for (const [payoutId, revenueIds] of perPayout) {
        await audit(w.trx, {
          action: 'allocate_manually',
          type: 'Payout',
          id: payoutId,
          changes: { revenue_ids: [null, revenueIds], revenue_source_id: [null, source.id] },
          userId: user.id,
        });
      }
    });
    return { ids, revenue_source_id: source.id };
  });
}
