import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { openPortal, resendConfirmation } from '../../../../commands/vendors';
import { useCommandEnvironment } from '../../commands/context';
import { useAtomValue } from 'jotai';
import { DateText, formatDate, Timestamp } from '../../kit/grid';
import { DetailsSection, Facts, type FactRow } from '../../kit/details-section';
import { RecordDetails } from '../../kit/record-details';
import { StateChip } from '../../kit/state-chip';
import { formatPercent } from '../../../shared/money-format';
import { languageAtom, useT } from '../../lib/i18n';
import { useCountries } from '../../lib/reference-names';
import { canOpenPortal, inBlocks, isPending } from './format';
import type { Vendor, VendorContact, VendorPaymentMethod, VendorRow, VendorTaxInfo } from './vendor';
import { applyToContracts } from './vendor-dialogs';
import { VendorState } from './vendor-state';

const cards = css({ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '3' });
const card = css({ p: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', display: 'flex', flexDirection: 'column', gap: '2', minW: 0 });
const cardTitle = css({ fontSize: 'sm', fontWeight: '600', m: 0 });
const chips = css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center' });
const muted = css({ color: 'fg.muted' });
const mono = css({ fontFamily: 'mono', fontVariantNumeric: 'tabular-nums' });

type Row = FactRow;

export function addressText(v: Pick<Vendor, 'address'>, countryName: (code: string) => string): string {
  const a = v.address;
  if (!a) return '';
  const line1 = [a.street, a.street_number].filter(Boolean).join(' ');
  const line2 = [a.postal_code, a.city].filter(Boolean).join(' ');
  return [a.care_of ? `c/o ${a.care_of}` : '', line1, a.post_box, line2, a.state, a.country_code ? countryName(a.country_code) : ''].filter(Boolean).join(', ');
}

const TAX_TEXT_FIELDS: (keyof VendorTaxInfo)[] = [
  'eu_tax_id',
  'de_regional_tax_number',
  'de_tax_number_region',
  'de_country_tax_number',
  'nl_kvk',
  'es_cif',
  'es_nif',
  'it_iva',
  'it_fiscal_code',
  'it_wht_reason',
  'it_regime',
  'fr_tva',
  'fr_siret',
  'other_tax_id',
  'legal_form',
];

function TaxInfo({ tax }: { tax: VendorTaxInfo | null }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  if (!tax) return <p className={muted}>{t('grid.none')}</p>;
  const yes = (b: boolean | null) => (b === null || b === undefined ? '' : t(b ? 'grid.yes' : 'grid.no'));
  return (
    <Facts
      rows={[
        ...TAX_TEXT_FIELDS.map((f): Row => [`vendors.fields.tax_info.${f}`, tax[f] as string | null]),
        ['vendors.fields.tax_info.vat_percentage', formatPercent(tax.vat_percentage, lng)],
        ['vendors.fields.tax_info.withholding_tax_percentage', formatPercent(tax.withholding_tax_percentage, lng)],
        ['vendors.fields.tax_info.self_billing_allowed', yes(tax.self_billing_allowed)],
        ['vendors.fields.tax_info.is_natural_person', yes(tax.is_natural_person)],
        ['vendors.fields.tax_info.is_personally_liable', yes(tax.is_personally_liable)],
      ]}
    />
  );
}

/** A contact with its e-mails: portal and signing marks, a pending one's sent date and its resend button. */
function Contact({ vendorId, contact }: { vendorId: number; contact: VendorContact }) {
  const t = useT();
  const env = useCommandEnvironment();
  const lng = useAtomValue(languageAtom);
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ') + (contact.nickname ? ` (${contact.nickname})` : '');
  return (
    <li className={card}>
      <h3 className={cardTitle}>{name}</h3>
      <ul className={css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '1' })} aria-label={t('vendors.lists.emails')}>
        {contact.emails.map((e) => (
          <li key={e.id} className={chips}>
            <span>{e.email}</span>
            {e.label && <span className={muted}>({e.label})</span>}
            {e.can_access_portal && <StateChip tone="neutral">{t('vendors.fields.contacts.emails.can_access_portal')}</StateChip>}
            {e.can_sign && <StateChip tone="neutral">{t('vendors.fields.contacts.emails.can_sign')}</StateChip>}
            {isPending(e) && (
              <>
                <StateChip tone="warning" icon="⏳">
                  {t('vendors.email_pending', { date: e.confirmation_sent_at ? formatDate(e.confirmation_sent_at, lng) : '' })}
                </StateChip>
                <button type="button" className={button({ size: 'sm', variant: 'ghost' })} onClick={() => void resendConfirmation({ services: env.services, t }, vendorId, e.id)}>
                  {t('vendors.commands.resend_confirmation')}
                </button>
              </>
            )}
            {canOpenPortal(e) && (
              <button
                type="button"
                className={button({ size: 'sm', variant: 'ghost' })}
                aria-label={t('vendors.portal_sign_in_as', { email: e.email })}
                onClick={() => void openPortal({ services: env.services, t }, vendorId, e.email)}
              >
                {t('vendors.commands.portal_sign_in')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Facts
        rows={[
          ['vendors.fields.contacts.date_of_birth', contact.date_of_birth ? <DateText value={contact.date_of_birth} /> : ''],
          ['vendors.lists.phone_numbers', contact.phone_numbers.map((p) => [p.e164 ?? `${p.country_code} ${p.number}`, p.label ? `(${p.label})` : ''].join(' ').trim()).join(', ')],
          ['vendors.lists.skype_accounts', contact.skype_accounts.map((s) => s.login).join(', ')],
          ['vendors.lists.facebook_accounts', contact.facebook_accounts.map((f) => f.profile).join(', ')],
        ]}
      />
    </li>
  );
}

function PaymentMethod({ method, vendor }: { method: VendorPaymentMethod; vendor: Vendor }) {
  const t = useT();
  const { roles } = useCommandEnvironment();
  // The card's way into the apply-to-contracts command, with this method chosen.
  const canApply = (vendor.contract_vendors ?? []).length > 0 && !vendor.readonly && roles.some((r) => r === 'vendors' || r === 'vendors_admin');
  const rows: Row[] =
    method.type === 'bank'
      ? [
          ['vendors.fields.payment_methods.account_holder', method.account_holder],
          ['vendors.fields.payment_methods.is_sepa', t(method.is_sepa ? 'grid.yes' : 'grid.no')],
          ['vendors.fields.payment_methods.iban', method.iban ? <span className={mono}>{inBlocks(method.iban)}</span> : ''],
          ['vendors.fields.payment_methods.bic', method.bic],
          ['vendors.fields.payment_methods.account_number', method.account_number ? <span className={mono}>{inBlocks(method.account_number)}</span> : ''],
          ['vendors.fields.payment_methods.bank_id', method.bank ? [method.bank.name, method.bank.bank_key].filter(Boolean).join(' · ') : ''],
          ['vendors.fields.payment_methods.sap_partner_type', method.sap_partner_type],
        ]
      : method.type === 'paypal'
        ? [
            ['vendors.fields.payment_methods.account_holder', method.account_holder],
            ['vendors.fields.payment_methods.email', method.email],
          ]
        : method.type === 'alternative_payee'
          ? [['vendors.fields.payment_methods.alternative_vendor', method.vendor?.name]]
          : [];
  const contracts = method.contract_vendors ?? [];
  return (
    <li className={card}>
      <h3 className={cardTitle}>{t(`vendors.payment_types.${method.type}`)}</h3>
      {rows.length > 0 && <Facts rows={rows} />}
      <p className={css({ m: 0, fontSize: 'sm' })}>
        {contracts.length ? t('vendors.used_by_contracts', { ids: contracts.map((c) => `#${c.contract_id}`).join(', ') }) : <span className={muted}>{t('vendors.used_by_no_contract')}</span>}
      </p>
      {canApply && (
        <button type="button" className={button({ size: 'sm' })} onClick={() => applyToContracts.open({ vendorId: vendor.id, methodId: method.id })}>
          {t('vendors.apply.button')}
        </button>
      )}
    </li>
  );
}

/** The vendor's general data, tax info, contacts and payment methods (spec 2, 2 details tab). */
export function VendorSections({ vendor: v }: { vendor: Vendor }) {
  const t = useT();
  const countries = useCountries();
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const manager = v.account_manager ? `${v.account_manager.first_name} ${v.account_manager.last_name}`.trim() || v.account_manager.email : '';
  return (
    <>
      <DetailsSection title="vendors.sections.general">
        <Facts
          rows={[
            ['vendors.fields.number', v.full_number || v.number],
            ['vendors.fields.organization_id', v.organization?.name],
            ['vendors.fields.type', v.type ? t(`vendors.types.${v.type}`) : ''],
            ['vendors.fields.state', <VendorState key="state" vendor={v} />],
            ['vendors.fields.source', v.source ? t(`vendors.sources.${v.source}`) : ''],
            ['vendors.fields.language', v.language ? t(`vendors.languages.${v.language}`) : ''],
            ['vendors.fields.account_manager_id', manager],
            ['vendors.fields.address.label', addressText(v, countryName)],
            ['vendors.fields.tags', (v.tags ?? []).map((tag) => tag.name).join(', ')],
            ['vendors.fields.referenced_vendor_ids', (v.referenced_vendors ?? []).map((r) => r.name).join(', ')],
            ['vendors.fields.valid_from', v.valid_from ? <DateText key="valid" value={v.valid_from} /> : ''],
            ['vendors.fields.inactive', v.inactive ? t('grid.yes') : ''],
            ['vendors.fields.created_at', <Timestamp key="created" value={v.created_at} />],
          ]}
        />
      </DetailsSection>
      <DetailsSection title="vendors.sections.tax_info">
        <TaxInfo tax={v.tax_info} />
      </DetailsSection>
      <DetailsSection title="vendors.sections.contacts">
        <ul className={cards}>
          {(v.contacts ?? []).map((c) => (
            <Contact key={c.id} vendorId={v.id} contact={c} />
          ))}
        </ul>
      </DetailsSection>
      <DetailsSection title="vendors.sections.payment_methods">
        {(v.payment_methods ?? []).length === 0 ? (
          <p className={muted}>{t('vendors.no_payment_methods')}</p>
        ) : (
          <ul className={cards}>
            {v.payment_methods.map((m) => (
              <PaymentMethod key={m.id} method={m} vendor={v} />
            ))}
          </ul>
        )}
      </DetailsSection>
    </>
  );
}

/** The focused vendor beside the list: the facts a list row carries. */
export function VendorDetails({ vendor: v }: { vendor: VendorRow }) {
  const t = useT();
  const countries = useCountries();
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  return (
    <RecordDetails
      title={v.name}
      facts={[
        { label: 'vendors.fields.number', value: v.full_number || v.number },
        { label: 'vendors.fields.organization_id', value: v.organization?.name },
        { label: 'vendors.fields.type', value: v.type ? t(`vendors.types.${v.type}`) : '' },
        { label: 'vendors.fields.state', value: <VendorState vendor={v} /> },
        { label: 'vendors.fields.address.label', value: addressText(v, countryName) },
        { label: 'vendors.lists.contacts', value: (v.contacts ?? []).map((c) => [`${c.first_name} ${c.last_name}`.trim(), ...c.emails.map((e) => e.email)].join(' · ')) },
        { label: 'vendors.fields.tags', value: (v.tags ?? []).map((tag) => tag.name) },
        { label: 'vendors.fields.created_at', value: <Timestamp value={v.created_at} /> },
      ]}
    />
  );
}
