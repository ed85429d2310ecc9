import type { OrganizationColumns, Organization as OrganizationEntity } from '../../../shared/entities/organization';
import type { Versioned } from '../../../shared/entities/versioned';
import { inBlocksOf4 } from '../../../shared/validation/bank-account';
import { WBS_MATRIX } from '../../../shared/validation/organizations';
import { toFormData } from '../../kit/form/form-data';
import type { FormValues } from '../../kit/form/use-resource-form';

/** An organization as the server sends it (spec 1, 3; GET /api/organizations/:id), with its version. */
export type Organization = Versioned<OrganizationEntity>;

/** List items as the form edits them: a new item has no id yet; a new signer no user. */
type Editable<T extends { id: number }> = Omit<T, 'id'> & { id?: number };
export type ManagingDirector = Editable<Organization['managing_directors'][number]>;
export type LegalImprint = Editable<Organization['legal_imprints'][number]>;
export type WbsCode = Editable<Organization['wbs_codes'][number]>;
export type DebtorAccount = Omit<Editable<Organization['debtor_accounts'][number]>, 'bic'> & { bic: string };
export type Signer = Omit<Editable<Organization['signers'][number]>, 'user_id' | 'user'> & {
  user_id: number | null;
  /** The chosen user as the server sent it (its e-mail labels the lookup field). */
  user?: Organization['signers'][number]['user'];
};

/** What the form edits: the entity's fields with '' for empty values, plus the logo file to upload. */
export interface OrganizationValues extends FormValues, Record<keyof OrganizationColumns, string> {
  overridden_payment_type: string;
  logo: File | null;
  remove_logo: boolean;
  invoice_emails: string[];
  invoice_cc_emails: string[];
  vendor_change_request_notification_emails: string[];
  payment_paused_notification_emails: string[];
  payment_due_interval_unit: string;
  four_eyes: boolean;
  /** Below it a contract vendor's balance carries to the next payout (DOMAIN.md "Payment run" step 4); '' = 0.01. */
  minimum_payout: string;
  vendor_sources: { external: string; internal: string; network: string };
  managing_directors: ManagingDirector[];
  legal_imprints: LegalImprint[];
  signers: Signer[];
  wbs_codes: WbsCode[];
  debtor_accounts: DebtorAccount[];
}

export const EMAIL_LISTS = ['invoice_emails', 'invoice_cc_emails', 'vendor_change_request_notification_emails', 'payment_paused_notification_emails'] as const;

/** A new organization: one managing director to fill in and the 15 WBS rows (spec 1, 2.10). */
export function newOrganization(): OrganizationValues {
  return {
    name: '',
    number: '',
    country_code: '',
    currency: '',
    city: '',
    postal_code: '',
    street: '',
    street_number: '',
    color_primary: '',
    color_accent: '',
    overridden_payment_type: 'none',
    logo: null,
    remove_logo: false,
    invoice_emails: [],
    invoice_cc_emails: [],
    vendor_change_request_notification_emails: [],
    payment_paused_notification_emails: [],
    payment_due_interval_length: '',
    payment_due_interval_unit: '',
    four_eyes: true,
    minimum_payout: '',
    vendor_sources: { external: '', internal: '', network: '' },
    managing_directors: [{ full_name: '', email: '' }],
    legal_imprints: [],
    signers: [],
    wbs_codes: WBS_MATRIX.map((pair) => ({ ...pair, template: '' })),
    debtor_accounts: [],
  };
}

/** The server's record → form values (nulls become '' and 'none'; the WBS rows always in matrix order). */
export function organizationValues(record: Record<string, unknown>): OrganizationValues {
  const o = record as unknown as Organization;
  const empty = newOrganization();
  const wbs = WBS_MATRIX.map((pair) => {
    const stored = (o.wbs_codes ?? []).find((w) => w.contract_type === pair.contract_type && w.revenue_share_type === pair.revenue_share_type);
    return stored ? { id: stored.id, ...pair, template: stored.template } : { ...pair, template: '' };
  });
  return {
    ...empty,
    name: o.name ?? '',
    number: o.number ?? '',
    country_code: o.country_code ?? '',
    currency: o.currency ?? '',
    city: o.city ?? '',
    postal_code: o.postal_code ?? '',
    street: o.street ?? '',
    street_number: o.street_number ?? '',
    color_primary: o.color_primary ?? '',
    color_accent: o.color_accent ?? '',
    overridden_payment_type: o.overridden_payment_type ?? 'none',
    invoice_emails: o.invoice_emails ?? [],
    invoice_cc_emails: o.invoice_cc_emails ?? [],
    vendor_change_request_notification_emails: o.vendor_change_request_notification_emails ?? [],
    payment_paused_notification_emails: o.payment_paused_notification_emails ?? [],
    payment_due_interval_length: o.payment_due_interval_length === null || o.payment_due_interval_length === undefined ? '' : String(o.payment_due_interval_length),
    payment_due_interval_unit: o.payment_due_interval_unit ?? '',
    four_eyes: o.four_eyes ?? true,
    minimum_payout: (o as { minimum_payout?: string | null }).minimum_payout ?? '',
    vendor_sources: { ...empty.vendor_sources, ...o.vendor_sources },
    managing_directors: (o.managing_directors ?? []).map(({ id, full_name, email }) => ({ id, full_name, email })),
    legal_imprints: (o.legal_imprints ?? []).map(({ id, locale, template }) => ({ id, locale, template })),
    signers: (o.signers ?? []).map(({ id, user_id, user, is_primary, is_secondary }) => ({ id, user_id, user, is_primary, is_secondary })),
    wbs_codes: wbs,
    debtor_accounts: (o.debtor_accounts ?? []).map(({ id, currency, iban, bic, account_holder }) => ({ id, currency, iban: inBlocksOf4(iban), bic: bic ?? '', account_holder })),
  };
}

/**
 * The request body: multipart (bracket notation, the file as `organization[logo]`) when a logo is
 * chosen, otherwise the struct's validated value as JSON.
 */
export function organizationPayload(values: OrganizationValues, validated: unknown): unknown {
  const payload = validated as Record<string, unknown>;
  return values.logo instanceof File ? toFormData('organization', { ...payload, logo: values.logo }) : payload;
}
