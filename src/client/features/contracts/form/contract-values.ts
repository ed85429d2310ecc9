import type { Contract, ContractShareType, RevenueShareFormula } from '../../../../shared/entities/contract';
import type { PaymentMethod, VendorDetailed } from '../../../../shared/entities/vendor';
import { DEFAULT_TERMINATION_PERIOD_MONTHS, FORMULA_PARAMS, SHARE_PARAMS, SHARE_SETS, shareSetOf } from '../../../../shared/validation/contracts';
import { toFormData } from '../../../kit/form/form-data';
import type { FormValues } from '../../../kit/form/use-resource-form';

/** A vendor as a row of the vendors grid shows it: the contract's own facts, or the detailed lookup's. */
export interface RowVendor {
  id: number;
  name: string;
  full_number: string;
  inactive: boolean;
}

export interface ContractVendorValues {
  id?: number;
  vendor_id: number | null;
  vendor_payment_method_id: number | '';
  /** A decimal string, never a number (0-100; the rows total exactly 100). */
  share_percentage: string;
  /** Below it the balance carries to the next payout (issue 23): a decimal string, '' = the vendor's or the organization's. */
  minimum_payout: string;
  vendor_contact_email_ids: string[];
  /** Display only (masked out of the payload). */
  vendor?: RowVendor | null;
  payment_method?: PaymentMethod | null;
  contact_emails?: { id: number; email: string }[];
}

export interface RevenueShareValues {
  id?: number;
  type: ContractShareType;
  formula: RevenueShareFormula | '';
  rev_share: string;
  baseline: string;
  fixed_income: string;
  threshold: string;
}

export interface SourceValues {
  id: number;
  name: string | null;
  reference_id: string;
  type: string;
}

export type ShareSet = keyof typeof SHARE_SETS;

/** What the contract form edits (spec 2, section 3 "Contract" with the save-only fields). */
export type ContractValues = FormValues & {
  organization_id: number | '';
  contract_type: string;
  currency: string;
  start_date: string;
  end_date: string;
  termination_possible_from: string;
  termination_period_months: string;
  credit_note_type: string;
  report_templates: string[];
  template_name: string;
  document: File | null;
  primary_signer_email: string | null;
  secondary_signer_email: string | null;
  tag_ids: string[];
  submit_for_approval: boolean;
  revenue_share_params: ShareSet;
  revenue_shares: RevenueShareValues[];
  contract_vendors: ContractVendorValues[];
  revenue_source_ids: number[];
  /** Display only: the chosen sources' names. */
  revenue_sources: SourceValues[];
};

export const newShare = (type: ContractShareType): RevenueShareValues => ({ type, formula: '', rev_share: '', baseline: '', fixed_income: '', threshold: '' });

/** The shares of a set, one per type, formulas still to choose (switching sets starts afresh: spec 2, 5). */
export const sharesOf = (set: ShareSet): RevenueShareValues[] => SHARE_SETS[set].map(newShare);

/** A formula's params start empty; the others are cleared (spec 2, 5 "Changing the formula clears the params"). */
export function withFormula(share: RevenueShareValues, formula: RevenueShareFormula | ''): RevenueShareValues {
  return { ...share, formula, ...Object.fromEntries(SHARE_PARAMS.map((p) => [p, ''])) };
}

/** The params a share's formula takes. */
export const paramsOf = (formula: RevenueShareFormula | ''): readonly string[] => (formula ? FORMULA_PARAMS[formula] : []);

export function newContractVendor(first: boolean): ContractVendorValues {
  // Defaults (spec 2, 5): the first vendor gets 100, an added one 0.
  return { vendor_id: null, vendor_payment_method_id: '', share_percentage: first ? '100' : '0', minimum_payout: '', vendor_contact_email_ids: [], vendor: null, payment_method: null, contact_emails: [] };
}

export function newContract(): ContractValues {
  return {
    organization_id: '',
    contract_type: '',
    currency: '',
    start_date: '',
    end_date: '',
    termination_possible_from: '',
    termination_period_months: String(DEFAULT_TERMINATION_PERIOD_MONTHS),
    credit_note_type: '',
    report_templates: [],
    template_name: '',
    document: null,
    primary_signer_email: null,
    secondary_signer_email: null,
    tag_ids: [],
    submit_for_approval: false,
    revenue_share_params: 'combined',
    revenue_shares: sharesOf('combined'),
    contract_vendors: [],
    revenue_source_ids: [],
    revenue_sources: [],
  };
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function shareValues(shares: readonly Record<string, unknown>[]): RevenueShareValues[] {
  return shares.map((x) => ({
    ...(typeof x.id === 'number' ? { id: x.id } : {}),
    type: x.type as ContractShareType,
    formula: (x.formula as RevenueShareFormula) ?? '',
    rev_share: s(x.rev_share),
    baseline: s(x.baseline),
    fixed_income: s(x.fixed_income),
    threshold: s(x.threshold),
  }));
}

/** The server's record → form values ('' for null; display facts kept beside the ids). */
export function contractValues(record: Record<string, unknown>): ContractValues {
  const c = record as unknown as Contract;
  const shares = shareValues((c.revenue_shares ?? []) as unknown as Record<string, unknown>[]);
  return {
    ...newContract(),
    organization_id: c.organization_id ?? '',
    contract_type: c.contract_type ?? '',
    currency: c.currency ?? '',
    start_date: s(c.start_date),
    end_date: s(c.end_date),
    termination_possible_from: s(c.termination_possible_from),
    termination_period_months: s(c.termination_period_months),
    credit_note_type: c.credit_note_type ?? '',
    report_templates: c.report_templates ?? [],
    template_name: s(c.template_name),
    primary_signer_email: c.primary_signer_email?.email ?? null,
    secondary_signer_email: c.secondary_signer_email?.email ?? null,
    tag_ids: (c.tags ?? []).map((t) => String(t.id)),
    revenue_share_params: shareSetOf(shares.map((x) => x.type)) ?? 'combined',
    revenue_shares: shares,
    contract_vendors: (c.contract_vendors ?? []).map((v) => ({
      id: v.id,
      vendor_id: v.vendor_id,
      vendor_payment_method_id: v.vendor_payment_method_id ?? '',
      share_percentage: v.share_percentage,
      minimum_payout: s((v as { minimum_payout?: string | null }).minimum_payout),
      vendor_contact_email_ids: v.vendor_contact_email_ids.map(String),
      vendor: v.vendor,
      payment_method: v.vendor_payment_method,
      contact_emails: v.vendor_contact_emails,
    })),
    revenue_source_ids: (c.revenue_sources ?? []).map((x) => x.id),
    revenue_sources: (c.revenue_sources ?? []).map((x) => ({ id: x.id, name: x.name, reference_id: x.reference_id, type: x.type })),
  };
}

/**
 * `GET /api/contracts/{id}/copy` answers the payload of a new draft (ids only); the vendors' and
 * sources' names come from the lookups the caller made (`vendors`, `sources`).
 */
export function copiedValues(copy: Record<string, unknown>, vendors: readonly VendorDetailed[], sources: readonly SourceValues[]): ContractValues {
  const shares = shareValues(Array.isArray(copy.revenue_shares) ? (copy.revenue_shares as Record<string, unknown>[]) : []);
  const rows = Array.isArray(copy.contract_vendors) ? (copy.contract_vendors as Record<string, unknown>[]) : [];
  const sourceIds = Array.isArray(copy.revenue_source_ids) ? (copy.revenue_source_ids as number[]) : [];
  return {
    ...newContract(),
    organization_id: typeof copy.organization_id === 'number' ? copy.organization_id : '',
    contract_type: s(copy.contract_type),
    currency: s(copy.currency),
    start_date: s(copy.start_date),
    end_date: s(copy.end_date),
    termination_possible_from: s(copy.termination_possible_from),
    termination_period_months: s(copy.termination_period_months) || String(DEFAULT_TERMINATION_PERIOD_MONTHS),
    credit_note_type: s(copy.credit_note_type),
    report_templates: Array.isArray(copy.report_templates) ? (copy.report_templates as string[]) : [],
    template_name: s(copy.template_name),
    primary_signer_email: (copy.primary_signer_email as string | null) ?? null,
    secondary_signer_email: (copy.secondary_signer_email as string | null) ?? null,
    tag_ids: Array.isArray(copy.tag_ids) ? (copy.tag_ids as number[]).map(String) : [],
    revenue_share_params: shareSetOf(shares.map((x) => x.type)) ?? 'combined',
    revenue_shares: shares,
    contract_vendors: rows.map((r) => {
      const vendor = vendors.find((v) => v.id === r.vendor_id);
      const emails = (vendor?.contacts ?? []).flatMap((c) => c.emails);
      const emailIds = Array.isArray(r.vendor_contact_email_ids) ? (r.vendor_contact_email_ids as number[]) : [];
      return {
        vendor_id: r.vendor_id as number,
        vendor_payment_method_id: (r.vendor_payment_method_id as number | null) ?? '',
        share_percentage: s(r.share_percentage),
        minimum_payout: s(r.minimum_payout),
        vendor_contact_email_ids: emailIds.map(String),
        vendor: vendor ? { id: vendor.id, name: vendor.name, full_number: vendor.full_number, inactive: vendor.inactive } : null,
        payment_method: vendor?.payment_methods.find((m) => m.id === r.vendor_payment_method_id) ?? null,
        contact_emails: emails.filter((e) => emailIds.includes(e.id)).map(({ id, email }) => ({ id, email })),
      };
    }),
    revenue_source_ids: sourceIds,
    revenue_sources: sourceIds.map((id) => sources.find((x) => x.id === id) ?? { id, name: null, reference_id: String(id), type: '' }),
  };
}

/**
 * The request body: the struct's validated value (the spec's fields only; display facts masked out),
 * with only the params of each share's formula; multipart when a document goes with it (spec 2, 7).
 */
export function contractPayload(values: ContractValues, validated: unknown): unknown {
  const payload = { ...(validated as Record<string, unknown>) };
  return values.document instanceof File ? toFormData('contract', { ...payload, document: values.document }) : payload;
}
