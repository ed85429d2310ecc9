import { sql } from 'kysely';
import type { Amendment, AmendmentVendor } from '../../../shared/entities/amendment.js';
import type { ContractState } from '../../../shared/entities/contract.js';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import { loadPaymentMethods, vendorRefs } from '../vendors/queries.js';
import { documentUrl, groupBy } from './query-helpers.js';
import { amendmentFlags, todayIso } from './state-machine.js';
import './tables.js';

export type AmendmentEntity = Amendment<Date>;

/**
 * Amendments as `viewer` sees them, by their own ids or by their contracts' ids (ordered by contract
 * and number). The flags depend on the contract's state, the viewer's roles and today's date.
 */
export async function loadAmendments(db: Db, by: { ids: readonly number[] } | { contractIds: readonly number[] }, viewer: CurrentUser | null): Promise<AmendmentEntity[]> {
  const ids = 'ids' in by ? by.ids : by.contractIds;
  const column = 'ids' in by ? ('a.id' as const) : ('a.contract_id' as const);
  const rows = await byIds(ids, (list) =>
    db
      .selectFrom('contract_amendments as a')
      .innerJoin('contracts as c', 'c.id', 'a.contract_id')
      .selectAll('a')
      .select('c.state as contract_state')
      .select((eb) =>
        eb
          .selectFrom('contract_documents as d')
          .select(sql<number>`max(d.id)`.as('id'))
          .whereRef('d.contract_amendment_id', '=', 'a.id')
          .as('document_id'),
      )
      .where(column, 'in', list)
      .orderBy('a.contract_id')
      .orderBy('a.number')
      .execute(),
  );
  const aIds = rows.map((r) => r.id);
  const [vendors, shares, sources] = await Promise.all([
    byIds(aIds, (list) => db.selectFrom('contract_amendment_vendors').selectAll().where('contract_amendment_id', 'in', list).orderBy('id').execute()),
    byIds(aIds, (list) => db.selectFrom('contract_amendment_revenue_shares').selectAll().where('contract_amendment_id', 'in', list).orderBy('id').execute()),
    byIds(aIds, (list) =>
      db
        .selectFrom('contract_amendment_revenue_sources as s')
        .innerJoin('revenue_sources as rs', 'rs.id', 's.revenue_source_id')
        .select(['s.contract_amendment_id', 'rs.id', 'rs.name', 'rs.reference_id', 'rs.type'])
        .where('s.contract_amendment_id', 'in', list)
        .orderBy('rs.id')
        .execute(),
    ),
  ]);
  const vendorIds = [...new Set(vendors.map((v) => v.vendor_id))];
  const [refs, methods] = await Promise.all([vendorRefs(db, vendorIds), loadPaymentMethods(db, vendorIds)]);
  const vendorsOf = groupBy(vendors, (v) => v.contract_amendment_id);
  const sharesOf = groupBy(shares, (s) => s.contract_amendment_id);
  const sourcesOf = groupBy(sources, (s) => s.contract_amendment_id);
  const roles = viewer?.roles ?? [];
  const today = todayIso();

  return rows.map((a): AmendmentEntity => ({
    id: a.id,
    contract_id: a.contract_id,
    number: a.number,
    state: a.state,
    state_comment: a.state_comment,
    ...amendmentFlags(a, a.contract_state as ContractState, roles, today),
    apply_on: a.apply_on,
    document_url: a.document_id ? documentUrl(a.contract_id, Number(a.document_id)) : null,
    primary_signer_email: a.primary_signer_email ? { email: a.primary_signer_email } : null,
    secondary_signer_email: a.secondary_signer_email ? { email: a.secondary_signer_email } : null,
    change_revenue_shares: a.change_revenue_shares,
    change_revenue_sources: a.change_revenue_sources,
    amendment_vendors: (vendorsOf.get(a.id) ?? []).map((v): AmendmentVendor => {
      const ref = refs.get(v.vendor_id);
      return {
        id: v.id,
        vendor_id: v.vendor_id,
        vendor: ref
          ? { id: ref.id, name: ref.name, number: ref.number, full_number: ref.full_number, inactive: ref.inactive }
          : { id: v.vendor_id, name: '', number: 0, full_number: '', inactive: true },
        vendor_payment_method_id: v.vendor_payment_method_id,
        vendor_payment_method: (methods.get(v.vendor_id) ?? []).find((m) => m.id === v.vendor_payment_method_id) ?? null,
      };
    }),
    revenue_shares: (sharesOf.get(a.id) ?? []).map((s) => ({
      id: s.id,
      type: s.type,
      formula: s.formula,
      rev_share: s.rev_share,
      baseline: s.baseline,
      fixed_income: s.fixed_income,
      threshold: s.threshold,
    })),
    revenue_sources: (sourcesOf.get(a.id) ?? []).map((s) => ({ id: s.id, name: s.name, reference_id: s.reference_id, type: s.type })),
    applied_at: a.applied_at,
    created_at: a.created_at,
    updated_at: a.updated_at,
  }));
}
