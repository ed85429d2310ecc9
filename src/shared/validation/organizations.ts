import { boolean, coerce, object, optional, refine, type Infer, unknown } from 'superstruct';
import { CONTENT_LOCALES } from '../locales.js';
import { addError, blankable, digits, type FieldErrors, hexColor, isBlank, oneOf, required, text, type ValidationResult } from './core.js';
import { asList, duplicateIndexes, emailAddress, flag, isoCode, list, minimumPayout, trimmed, validateWith, wholeNumber } from './fields.js';
import { bic, iban } from './bank-account.js';

/** Contract types and revenue share types (spec 1, 9; spec 2): the WBS matrix crosses them. */
export const CONTRACT_TYPES = ['adsense', 'drm', 'exclusive_artist'] as const;
export const REVENUE_SHARE_TYPES = ['direct', 'ecommerce', 'indirect', 'red', 'shorts'] as const;
export const WBS_MATRIX = CONTRACT_TYPES.flatMap((contract_type) => REVENUE_SHARE_TYPES.map((revenue_share_type) => ({ contract_type, revenue_share_type })));

/** The template a WBS row starts with when an organization is created without one. */
export const defaultWbsTemplate = (number: string, contractType: string, revenueShareType: string) => `${number}.${contractType}.${revenueShareType}`;

/** 'none' (or empty) means the payment type follows each vendor's tax data. */
export const OVERRIDDEN_PAYMENT_TYPES = ['none', 'self_billing', 'invoice'] as const;
export const PAYMENT_DUE_INTERVAL_UNITS = ['d', 'm', 'y'] as const;
export const VENDOR_SOURCES = ['external', 'internal', 'network'] as const;

const id = () => blankable(wholeNumber());

export const organizationStruct = (codes: { countries?: ReadonlySet<string>; currencies?: ReadonlySet<string> } = {}) =>
  object({
    name: required(trimmed()),
    number: required(trimmed()),
    country_code: required(isoCode(2, codes.countries)),
    currency: required(isoCode(3, codes.currencies)),
    city: required(trimmed()),
    postal_code: required(trimmed()),
    street: required(trimmed()),
    street_number: required(trimmed()),
    color_primary: blankable(hexColor()),
    color_accent: blankable(hexColor()),
    overridden_payment_type: blankable(oneOf(OVERRIDDEN_PAYMENT_TYPES)),
    invoice_emails: list(required(emailAddress())),
    invoice_cc_emails: list(required(emailAddress())),
    vendor_change_request_notification_emails: list(required(emailAddress())),
    payment_paused_notification_emails: list(required(emailAddress())),
    payment_due_interval_length: blankable(refine(wholeNumber(), 'atLeast', (v) => v >= 0 || 'greater_than_or_equal_to')),
    payment_due_interval_unit: blankable(oneOf(PAYMENT_DUE_INTERVAL_UNITS)),
    minimum_payout: minimumPayout(),
    /** Four eyes on money out (DOMAIN.md): left out, a new organization gets it on and an existing one keeps its setting. */
    four_eyes: coerce(optional(boolean()), unknown(), (v) =>
      v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v === '' || v === null ? undefined : v,
    ),
    vendor_sources: coerce(
      object({ external: required(digits(3)), internal: required(digits(3)), network: required(digits(3)) }),
      unknown(),
      (v) => (isBlank(v) ? {} : v),
    ),
    managing_directors: list(object({ id: id(), full_name: required(trimmed()), email: required(emailAddress()) })),
    legal_imprints: list(object({ id: id(), locale: required(oneOf(CONTENT_LOCALES)), template: required(text()) })),
    signers: list(object({ id: id(), user_id: required(wholeNumber()), is_primary: flag(), is_secondary: flag() })),
    wbs_codes: list(
      object({
        id: id(),
        contract_type: required(oneOf(CONTRACT_TYPES)),
        revenue_share_type: required(oneOf(REVENUE_SHARE_TYPES)),
        template: required(trimmed()),
      }),
    ),
    /** One account per currency; IBAN and BIC checked as a vendor's bank method's. */
    debtor_accounts: list(
      object({ id: id(), currency: required(isoCode(3, codes.currencies)), iban: required(iban()), bic: blankable(bic()), account_holder: required(trimmed()) }),
    ),
    /** Removes the stored logo (a new file in `logo` replaces it instead). */
    remove_logo: flag(),
  });

export type OrganizationInput = Infer<ReturnType<typeof organizationStruct>>;

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';
const entriesOf = (v: unknown) => {
  const items = asList(v);
  return Array.isArray(items) ? items.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})) : [];
};

/** The organization rules of spec 1, 5 that look at more than one field. */
export function organizationRules(raw: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  // Payment due interval: a length needs its unit and a unit its length.
  const length = raw.payment_due_interval_length;
  const unit = raw.payment_due_interval_unit;
  if (!isBlank(length) && isBlank(unit)) addError(errors, ['payment_due_interval_unit'], 'blank');
  if (isBlank(length) && !isBlank(unit)) addError(errors, ['payment_due_interval_length'], 'blank');

  if (entriesOf(raw.managing_directors).length === 0) addError(errors, ['managing_directors'], 'too_few');

  // A contract is signed by a primary and a secondary signer: two different entries.
  const signers = entriesOf(raw.signers);
  const paired = signers.some((a, i) => truthy(a.is_primary) && signers.some((b, j) => j !== i && truthy(b.is_secondary)));
  if (!paired) addError(errors, ['signers'], 'primary_or_secondary_signers_missing');
  for (const i of duplicateIndexes(raw.signers, (s) => (isBlank(s.user_id) ? undefined : String(s.user_id)))) addError(errors, ['signers', i, 'user_id'], 'already_used');

  for (const i of duplicateIndexes(raw.legal_imprints, (l) => l.locale)) addError(errors, ['legal_imprints', i, 'locale'], 'already_used');
  for (const i of duplicateIndexes(raw.wbs_codes, (w) => (w.contract_type && w.revenue_share_type ? `${w.contract_type}/${w.revenue_share_type}` : undefined))) {
    addError(errors, ['wbs_codes', i, 'revenue_share_type'], 'already_used');
  }
  for (const i of duplicateIndexes(raw.debtor_accounts, (a) => (typeof a.currency === 'string' && a.currency.trim() ? a.currency.trim().toUpperCase() : undefined))) {
    addError(errors, ['debtor_accounts', i, 'currency'], 'already_used');
  }
  return errors;
}

export function validateOrganization(
  value: unknown,
  codes?: { countries?: ReadonlySet<string>; currencies?: ReadonlySet<string> },
): ValidationResult<OrganizationInput> {
  return validateWith(organizationStruct(codes), value, organizationRules);
}
