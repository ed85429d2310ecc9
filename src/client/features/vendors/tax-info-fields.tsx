import { css } from 'styled-system/css';
import { compare, isDecimal } from '../../../shared/money';
import { DE_REGIONS, IT_REGIMES, IT_WHT_REASONS, taxFieldsFor } from '../../../shared/validation/vendors';
import { useInitData } from '../../api/init-data';
import { PercentField, SelectField, SwitchField, TextField, optionsFrom } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { useAtomValue } from 'jotai';
import { formatPercent } from '../../../shared/money-format';
import { languageAtom, useT } from '../../lib/i18n';
import { Section } from './general-fields';
import { useIsAdmin } from './use-admin';
import type { VendorValues } from './vendor-values';

const TEXT_FIELDS = ['eu_tax_id', 'de_regional_tax_number', 'de_country_tax_number', 'nl_kvk', 'es_cif', 'es_nif', 'it_iva', 'it_fiscal_code', 'fr_tva', 'fr_siret', 'other_tax_id'] as const;

/**
 * The tax-info tab (spec 2, 5 "Tax info"): its fields follow the address country and the vendor type
 * (the shared `taxFieldsFor`), and wait until both are set. VAT rates are the country's.
 */
export function TaxInfoFields({ confirmed }: { confirmed: boolean }) {
  const t = useT();
  const form = useForm();
  const admin = useIsAdmin();
  const { countries } = useInitData();
  const lng = useAtomValue(languageAtom);
  const values = form.values as VendorValues;
  const country = values.address.country_code;
  const type = values.type;
  const ready = Boolean(country && type);
  const shown = new Set(taxFieldsFor(country || null, type || null));
  const rates = countries.find((c) => c.code === country)?.vat_rates ?? [];
  // A stored '19.0000' is the option '19': the option takes the stored spelling so the select shows it.
  const vat = values.tax_info.vat_percentage;
  const rateValue = (rate: string) => (isDecimal(vat) && isDecimal(rate) && compare(vat, rate) === 0 ? vat : rate);
  const off = !ready;
  return (
    <>
      {!ready && (
        <p role="note" className={css({ m: 0, color: 'fg.muted' })}>
          {t('vendors.tax_info_needs_country_and_type')}
        </p>
      )}
      <Section title="vendors.sections.tax_ids">
        {TEXT_FIELDS.filter((f) => !ready || shown.has(f)).map((f) => (
          <TextField key={f} name={`tax_info.${f}`} disabled={off} />
        ))}
        {shown.has('de_tax_number_region') && <SelectField name="tax_info.de_tax_number_region" disabled={off} options={optionsFrom(DE_REGIONS, 'vendors.de_regions')} />}
        {shown.has('it_wht_reason') && <SelectField name="tax_info.it_wht_reason" disabled={off} translate={false} options={IT_WHT_REASONS.map((r) => ({ value: r, label: r }))} />}
        {shown.has('it_regime') && <SelectField name="tax_info.it_regime" disabled={off} options={optionsFrom(IT_REGIMES, 'vendors.it_regimes')} />}
        <TextField name="tax_info.legal_form" disabled={off} />
      </Section>
      <Section title="vendors.sections.taxes">
        {rates.length > 0 ? (
          <SelectField
            name="tax_info.vat_percentage"
            disabled={off}
            translate={false}
            options={rates.map((r) => ({ value: rateValue(r.rate), label: formatPercent(r.rate, lng) }))}
          />
        ) : (
          <PercentField name="tax_info.vat_percentage" disabled={off} />
        )}
        {shown.has('withholding_tax_percentage') && <PercentField name="tax_info.withholding_tax_percentage" disabled={off} />}
        {/* Once confirmed, only an admin changes self-billing (spec 2, 6). */}
        <SwitchField name="tax_info.self_billing_allowed" disabled={off || (confirmed && !admin)} />
        {type === 'company' && <SwitchField name="tax_info.is_natural_person" disabled={off} />}
        {/* Yes, no or not answered yet (required for companies once strict); a person is liable. */}
        <SelectField
          name="tax_info.is_personally_liable"
          disabled={off || type === 'person'}
          options={[
            { value: 'true', label: 'grid.yes' },
            { value: 'false', label: 'grid.no' },
          ]}
        />
      </Section>
    </>
  );
}
