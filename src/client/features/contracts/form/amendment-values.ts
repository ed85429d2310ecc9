import type { Amendment } from '../../../../shared/entities/amendment';
import type { Contract, ContractRevenueSource, RevenueShare } from '../../../../shared/entities/contract';
import type { PaymentMethod } from '../../../../shared/entities/vendor';
import { shareSetOf } from '../../../../shared/validation/contracts';
import { toFormData } from '../../../kit/form/form-data';
import type { FormValues } from '../../../kit/form/use-resource-form';
import type { RevenueShareValues, RowVendor, ShareSet, SourceValues } from './contract-values';

export interface AmendmentVendorValues {
  id?: number;
  vendor_id: number;
  vendor_payment_method_id: number | '';
  /** Display only. */
  vendor: RowVendor;
  payment_method: PaymentMethod | null;
}

/** What the amendment form edits (spec 2, section 3 "Amendment" with its form flags). */
export type AmendmentValues = FormValues & {
  apply_on: string;
  primary_signer_email: string | null;
  secondary_signer_email: string | null;
  document: File | null;
  submit_for_approval: boolean;
  change_revenue_shares: boolean;
  change_revenue_sources: boolean;
  revenue_share_params: ShareSet;
  revenue_shares: RevenueShareValues[];
  revenue_source_ids: number[];
  revenue_sources: SourceValues[];
  amendment_vendors: AmendmentVendorValues[];
};

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const shareValues = (shares: readonly RevenueShare[]): RevenueShareValues[] =>
  shares.map(({ type, formula, rev_share, baseline, fixed_income, threshold }) => ({ type, formula, rev_share: s(rev_share), baseline: s(baseline), fixed_income: s(fixed_income), threshold: s(threshold) }));
const sourceValues = (sources: readonly ContractRevenueSource[]): SourceValues[] => sources.map(({ id, name, reference_id, type }) => ({ id, name, reference_id, type }));

/**
 * A new amendment starts from the contract's terms in force: its vendors with their payment
 * methods, its shares and its sources (changed only when their switch is on).
 */
export function newAmendment(contract: Contract): AmendmentValues {
  const shares = shareValues(contract.revenue_shares);
  return {
    apply_on: '',
    primary_signer_email: null,
    secondary_signer_email: null,
    document: null,
    submit_for_approval: false,
    change_revenue_shares: false,
    change_revenue_sources: false,
    revenue_share_params: shareSetOf(shares.map((x) => x.type)) ?? 'combined',
    revenue_shares: shares,
    revenue_source_ids: contract.revenue_sources.map((x) => x.id),
    revenue_sources: sourceValues(contract.revenue_sources),
    amendment_vendors: contract.contract_vendors.map((v) => ({
      vendor_id: v.vendor_id,
      vendor_payment_method_id: v.vendor_payment_method_id ?? '',
      vendor: v.vendor,
      payment_method: v.vendor_payment_method,
    })),
  };
}

/** A stored amendment → form values; the lists it does not change show the contract's. */
export function amendmentValues(contract: Contract, record: Record<string, unknown>): AmendmentValues {
  const a = record as unknown as Amendment;
  const base = newAmendment(contract);
  const shares = a.change_revenue_shares ? shareValues(a.revenue_shares) : base.revenue_shares;
  const stored = new Map(a.amendment_vendors.map((v) => [v.vendor_id, v]));
  return {
    ...base,
    apply_on: s(a.apply_on),
    primary_signer_email: a.primary_signer_email?.email ?? null,
    secondary_signer_email: a.secondary_signer_email?.email ?? null,
    change_revenue_shares: a.change_revenue_shares,
    change_revenue_sources: a.change_revenue_sources,
    revenue_share_params: shareSetOf(shares.map((x) => x.type)) ?? 'combined',
    revenue_shares: shares,
    revenue_source_ids: a.change_revenue_sources ? a.revenue_sources.map((x) => x.id) : base.revenue_source_ids,
    revenue_sources: a.change_revenue_sources ? sourceValues(a.revenue_sources) : base.revenue_sources,
    amendment_vendors: base.amendment_vendors.map((v) => {
      const own = stored.get(v.vendor_id);
      return own ? { ...v, id: own.id, vendor_payment_method_id: own.vendor_payment_method_id ?? '', payment_method: own.vendor_payment_method } : v;
    }),
  };
}

/** The body under `contract_amendment` with `contract_id` (spec 2, 7); multipart when a document goes with it. */
export function amendmentPayload(contractId: number) {
  return (values: AmendmentValues, validated: unknown): unknown => {
    const payload = { ...(validated as Record<string, unknown>), contract_id: contractId };
    return values.document instanceof File ? toFormData('contract_amendment', { ...payload, document: values.document }) : payload;
  };
}
