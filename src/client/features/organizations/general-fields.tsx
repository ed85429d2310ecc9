import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { OVERRIDDEN_PAYMENT_TYPES, PAYMENT_DUE_INTERVAL_UNITS, VENDOR_SOURCES } from '../../../shared/validation/organizations';
import { useCountries, useCurrencies } from '../../lib/reference-names';
import { ColorField, CountryField, EmailListField, MoneyField, SelectField, SwitchField, TextField, optionsFrom } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { useT } from '../../lib/i18n';
import { EMAIL_LISTS } from './organization';
import { LogoField } from './logo-field';

const sectionStyle = css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const legendStyle = css({ fontWeight: '600', fontSize: 'sm', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em', p: 0, mb: '1' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3', alignItems: 'start' });
const twoColumns = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 380px), 1fr))', gap: '3', alignItems: 'start' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const wide = css({ gridColumn: '1 / -1' });

/** A titled group of fields on the general tab. */
function Section({ title, children, columns = grid }: { title: string; children: ReactNode; columns?: string }) {
  const t = useT();
  return (
    <fieldset className={sectionStyle}>
      <legend className={legendStyle}>{t(title)}</legend>
      <div className={columns}>{children}</div>
    </fieldset>
  );
}

/** The general tab (spec 1, 2.10): company, address, payment terms, appearance, notification e-mails, vendor source prefixes. */
export function GeneralFields({ logoUrl }: { logoUrl: string | null }) {
  const countries = useCountries();
  const currencies = useCurrencies();
  const currencyOptions = currencies.map((c) => ({ value: c.iso_code, label: `${c.iso_code} – ${c.name}` }));
  const currency = useForm().getValue('currency') as string;
  return (
    <div className={stack}>
      <Section title="organizations.sections.company">
        <TextField name="name" autoFocus />
        <TextField name="number" />
        <SelectField name="currency" options={currencyOptions} translate={false} />
        {/* Beside the currency it is in, in the row's free column (issue 23): balances below it carry to the
            next payout; a vendor or contract vendor may set its own. */}
        <MoneyField name="minimum_payout" currency={currency || undefined} allowNegative={false} />
      </Section>
      <Section title="organizations.sections.address">
        <TextField name="street" />
        <TextField name="street_number" />
        <TextField name="postal_code" />
        <TextField name="city" />
        <CountryField name="country_code" countries={countries} />
      </Section>
      <Section title="organizations.sections.payments">
        <SelectField name="overridden_payment_type" options={optionsFrom(OVERRIDDEN_PAYMENT_TYPES, 'organizations.payment_types')} allowEmpty={false} />
        <TextField name="payment_due_interval_length" inputMode="numeric" />
        <SelectField name="payment_due_interval_unit" options={optionsFrom(PAYMENT_DUE_INTERVAL_UNITS, 'organizations.interval_units')} />
        <SwitchField name="four_eyes" />
      </Section>
      <Section title="organizations.sections.vendor_sources">
        {VENDOR_SOURCES.map((source) => (
          <TextField key={source} name={`vendor_sources.${source}`} inputMode="numeric" maxLength={3} />
        ))}
      </Section>
      <Section title="organizations.sections.appearance">
        <ColorField name="color_primary" />
        <ColorField name="color_accent" />
        <LogoField storedUrl={logoUrl} className={wide} />
      </Section>
      <Section title="organizations.sections.emails" columns={twoColumns}>
        {EMAIL_LISTS.map((list) => (
          <EmailListField key={list} name={list} />
        ))}
      </Section>
    </div>
  );
}
