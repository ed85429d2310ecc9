import { describe, expect, it } from 'vitest';
import { check } from '../../src/shared/validation/core.js';
import {
  isDeCountryTaxNumber,
  isDeRegionalTaxNumber,
  isEsCif,
  isEsNif,
  isEuVatId,
  isFrSiret,
  isFrTva,
  isItFiscalCode,
  isItIva,
  isNlKvk,
} from '../../src/shared/validation/tax-ids.js';
import { bic, iban, inBlocksOf4, taxFieldsFor, validateApplyToContracts, validateVendor } from '../../src/shared/validation/vendors.js';

const contact = (emails: Record<string, unknown>[] = [{ email: 'ana@example.com' }]) => ({ first_name: 'Ana', last_name: 'Lopez', emails });
const base = (over: Record<string, unknown> = {}) => ({ organization_id: 1, name: 'Studio Nord', type: 'company', contacts: [contact()], ...over });
const errorsOf = (value: unknown, ctx = {}) => {
  const r = validateVendor(value, ctx);
  return r.ok ? {} : r.errors;
};
const taxErrors = (country: string, tax_info: Record<string, unknown>, type = 'company') =>
  errorsOf(base({ type, address: { country_code: country, city: 'C', postal_code: '1', street: 'S', street_number: '1' }, tax_info, create_change_request: true })).tax_info ?? {};

describe('tax id formats (stdnum check digits plus the spec formats)', () => {
  it.each([
    ['DE regional 5/5 (BW)', () => isDeRegionalTaxNumber('93815/08152', 'DE-BW'), () => isDeRegionalTaxNumber('9381/508152', 'DE-BW')],
    ['DE regional 3/3/5 (BY)', () => isDeRegionalTaxNumber('181/815/08155', 'DE-BY'), () => isDeRegionalTaxNumber('181/815/0815', 'DE-BY')],
    ['DE regional 2/3/5 (BE, HH, NI)', () => isDeRegionalTaxNumber('21/815/08150', 'DE-HH'), () => isDeRegionalTaxNumber('21/815/08150', 'DE-BY')],
    ['DE regional 2 3 5 (HB, SH)', () => isDeRegionalTaxNumber('75 815 08152', 'DE-HB'), () => isDeRegionalTaxNumber('75-815-08152', 'DE-HB')],
    ['DE regional 0nn 3 5 (HE)', () => isDeRegionalTaxNumber('013 815 08153', 'DE-HE'), () => isDeRegionalTaxNumber('113 815 08153', 'DE-HE')],
    ['DE regional 0nn/3/5 (BB, MV, SL)', () => isDeRegionalTaxNumber('048/815/08155', 'DE-BB'), () => isDeRegionalTaxNumber('148/815/08155', 'DE-BB')],
    ['DE regional 1nn/3/5 (ST, TH)', () => isDeRegionalTaxNumber('151/815/08156', 'DE-ST'), () => isDeRegionalTaxNumber('251/815/08156', 'DE-ST')],
    ['DE regional 2nn/3/5 (SN)', () => isDeRegionalTaxNumber('201/123/12340', 'DE-SN'), () => isDeRegionalTaxNumber('101/123/12340', 'DE-SN')],
    ['DE regional 3/4/4 (NW)', () => isDeRegionalTaxNumber('133/8150/8159', 'DE-NW'), () => isDeRegionalTaxNumber('133/815/08159', 'DE-NW')],
    ['DE regional 2/3/4/1 (RP)', () => isDeRegionalTaxNumber('22/815/0815/4', 'DE-RP'), () => isDeRegionalTaxNumber('22/815/08154', 'DE-RP')],
    ['DE country tax number (IdNr)', () => isDeCountryTaxNumber('36574261809'), () => isDeCountryTaxNumber('36574261808')],
    ['NL kvk', () => isNlKvk('12345678'), () => isNlKvk('1234567')],
    ['IT iva', () => isItIva('00743110157'), () => isItIva('00743110158')],
    ['IT fiscal code', () => isItFiscalCode('RCCMNL83S18D969H'), () => isItFiscalCode('RCCMNL83S18D969X')],
    ['ES cif', () => isEsCif('A58818501'), () => isEsCif('I58818501')],
    ['ES nif (modulo 23 letter)', () => isEsNif('12345678Z'), () => isEsNif('12345678A')],
    ['ES nie', () => isEsNif('X1234567L'), () => isEsNif('X1234567A')],
    ['FR tva', () => isFrTva('40303265045'), () => isFrTva('41303265045')],
    ['FR siret', () => isFrSiret('73282932000074'), () => isFrSiret('73282932000075')],
    ['EU VAT DE', () => isEuVatId('DE136695976'), () => isEuVatId('DE136695977')],
    ['EU VAT NL', () => isEuVatId('NL004495445B01'), () => isEuVatId('NL004495446B01')],
    ['EU VAT AT', () => isEuVatId('ATU13585627'), () => isEuVatId('ATU13585626')],
    ['EU VAT GR (EL prefix)', () => isEuVatId('EL094259216'), () => isEuVatId('US094259216')],
  ])('%s: one valid, one invalid', (_name, valid, invalid) => {
    expect(valid()).toBe(true);
    expect(invalid()).toBe(false);
  });
});

describe('IBAN and BIC (ibantools)', () => {
  it('normalises and checks length and mod-97', () => {
    expect(check(iban(), 'de89 3704 0044 0532 0130 00')).toEqual({ ok: true, value: 'DE89370400440532013000' });
    expect(check(iban(), 'DE89370400440532013001')).toMatchObject({ ok: false });
    expect(check(iban(), 'DE8937040044053201300')).toMatchObject({ ok: false });
    expect(check(bic(), 'cobadeffxxx')).toEqual({ ok: true, value: 'COBADEFFXXX' });
    expect(check(bic(), 'COBA1EFF')).toMatchObject({ ok: false });
    expect(inBlocksOf4('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('vendor form rules', () => {
  it('accepts a minimal new vendor and fills defaults', () => {
    const r = validateVendor(base());
    expect(r.ok).toBe(true);
  });

  it('requires organization, type and name', () => {
    expect(errorsOf({ contacts: [contact()] })).toMatchObject({ organization_id: ['blank'], name: ['blank'], type: ['blank'] });
  });

  it('contacts: missing contacts, at least 1 email, one signing and one portal email, unique emails', () => {
    expect(errorsOf(base({ contacts: [] }))).toEqual({ contacts: ['missing_contacts'] });
    expect(errorsOf(base({ contacts: [contact([])] }))).toEqual({ contacts: { 0: { emails: ['at_least_1_email'] } } });
    const two = [
      { email: 'a@example.com', can_sign: true, can_access_portal: true },
      { email: 'b@example.com', can_sign: 'true', can_access_portal: '1' },
    ];
    expect(errorsOf(base({ contacts: [contact(two)] }))).toEqual({
      contacts: { 0: { emails: { 1: { can_sign: ['only_one_signing_email'], can_access_portal: ['only_one_portal_email'] } } } },
    });
    expect(errorsOf(base({ contacts: [contact([{ email: 'a@example.com' }]), contact([{ email: 'b@x.org' }, { email: 'A@example.com' }])] }))).toEqual({
      contacts: { 1: { emails: { 1: { email: ['already_used'] } } } },
    });
    expect(errorsOf(base({ contacts: [{ first_name: '', last_name: 'X', emails: [{ email: 'nope' }], phone_numbers: [{ number: '1' }] }] }))).toEqual({
      contacts: { 0: { first_name: ['blank'], emails: { 0: { email: ['invalid'] } }, phone_numbers: { 0: { country_code: ['blank'] } } } },
    });
  });

  it('address is required when strict (confirmed or change request)', () => {
    expect(errorsOf(base())).toEqual({});
    expect(errorsOf(base(), { confirmed: true })).toMatchObject({
      address: { country_code: ['blank'], city: ['blank'], postal_code: ['blank'], street: ['blank'], street_number: ['blank'] },
    });
  });

  it('payment methods by type, IBAN and paypal email unique', () => {
    const methods = [
      { type: 'bank', is_sepa: true, account_holder: 'A', iban: 'DE89370400440532013000' },
      { type: 'bank', is_sepa: true, account_holder: 'B', iban: 'DE89 3704 0044 0532 0130 00' },
      { type: 'bank', is_sepa: false },
      { type: 'paypal', account_holder: 'P', email: 'p@example.com' },
      { type: 'paypal', email: 'P@example.com' },
      { type: 'alternative_payee' },
      { type: 'bank', is_sepa: true, account_holder: 'C', iban: 'DE00370400440532013000' },
      { type: 'no_account', assign_to_contracts: true },
    ];
    expect(errorsOf(base({ payment_methods: methods })).payment_methods).toEqual({
      1: { iban: ['already_used'] },
      2: { account_holder: ['blank'], account_number: ['blank'], bank_id: ['blank'] },
      4: { account_holder: ['blank'], email: ['already_used'] },
      5: { source_payment_method_id: ['blank'] },
      6: { iban: ['invalid'] },
      7: { assign_contract_vendor_ids: ['too_few'] },
    });
    expect(errorsOf(base({ payment_methods: [] }), { confirmed: true }).payment_methods).toEqual(['too_few']);
  });

  it('apply to contracts needs at least one contract vendor', () => {
    expect(validateApplyToContracts({ contract_vendor_ids: [] })).toEqual({ ok: false, errors: { contract_vendor_ids: ['too_few'] } });
    expect(validateApplyToContracts({ contract_vendor_ids: ['3'] })).toEqual({ ok: true, value: { contract_vendor_ids: [3] } });
  });
});

describe('tax info rules', () => {
  it('shows fields by country and type', () => {
    expect(taxFieldsFor('DE', 'company')).toEqual(expect.arrayContaining(['eu_tax_id', 'de_regional_tax_number', 'is_natural_person']));
    expect(taxFieldsFor('DE', 'company')).not.toContain('other_tax_id');
    expect(taxFieldsFor('IT', 'person')).toEqual(expect.arrayContaining(['it_fiscal_code', 'withholding_tax_percentage']));
    expect(taxFieldsFor('IT', 'company')).not.toContain('it_fiscal_code');
    expect(taxFieldsFor('US', 'company')).toEqual(expect.arrayContaining(['other_tax_id']));
    expect(taxFieldsFor('US', 'company')).not.toContain('eu_tax_id');
    expect(taxFieldsFor('SE', 'company')).not.toContain('other_tax_id');
  });

  it('company, strict: an EU id or a national id, VAT and personal liability', () => {
    expect(taxErrors('DE', {})).toEqual({
      eu_tax_id: ['blank'],
      de_regional_tax_number: ['blank'],
      vat_percentage: ['blank'],
      is_personally_liable: ['blank'],
    });
    expect(taxErrors('DE', { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false })).toEqual({});
    expect(taxErrors('DE', { de_country_tax_number: '36574261809', vat_percentage: '19', is_personally_liable: 'false' })).toEqual({});
    expect(taxErrors('FR', { eu_tax_id: '', vat_percentage: '20', is_personally_liable: false })).toEqual({ eu_tax_id: ['blank'], fr_siret: ['blank'] });
    expect(taxErrors('US', { vat_percentage: '0', is_personally_liable: false })).toEqual({ other_tax_id: ['blank'] });
    expect(taxErrors('SE', { vat_percentage: '25', is_personally_liable: false })).toEqual({ eu_tax_id: ['blank'] });
  });

  it('DE region and regional number belong together and the number follows its region', () => {
    const t = { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false };
    expect(taxErrors('DE', { ...t, de_regional_tax_number: '93815/08152' })).toEqual({ de_tax_number_region: ['blank'] });
    expect(taxErrors('DE', { ...t, de_tax_number_region: 'DE-BW' })).toEqual({ de_regional_tax_number: ['blank'] });
    expect(taxErrors('DE', { ...t, de_tax_number_region: 'DE-BY', de_regional_tax_number: '93815/08152' })).toEqual({ de_regional_tax_number: ['invalid'] });
    expect(taxErrors('DE', { ...t, de_tax_number_region: 'DE-XX' })).toMatchObject({ de_tax_number_region: ['invalid'] });
  });

  it('national formats are checked whenever given', () => {
    const t = { vat_percentage: '21', is_personally_liable: false };
    expect(taxErrors('NL', { ...t, nl_kvk: '1234' })).toEqual({ nl_kvk: ['invalid'] });
    expect(taxErrors('ES', { ...t, es_cif: 'A5881850', es_nif: '12345678A' })).toEqual({ es_cif: ['invalid'], es_nif: ['invalid'] });
    expect(taxErrors('IT', { ...t, it_iva: '0074311015' })).toEqual({ it_iva: ['invalid'] });
    expect(taxErrors('IT', { ...t, it_iva: '00743110157', it_fiscal_code: 'X' }, 'person')).toEqual({ it_fiscal_code: ['invalid'] });
    expect(taxErrors('FR', { ...t, fr_tva: 'FR40303265045' })).toEqual({});
    expect(taxErrors('FR', { ...t, fr_tva: '4030326504' })).toEqual({ fr_tva: ['invalid'] });
    expect(taxErrors('AT', { ...t, eu_tax_id: 'ATU13585626' })).toEqual({ eu_tax_id: ['invalid'] });
  });

  it('percentages from 0 to below 100; person ids optional', () => {
    expect(taxErrors('ES', { es_nif: '12345678Z', vat_percentage: '100', withholding_tax_percentage: '-1', is_personally_liable: false })).toEqual({
      vat_percentage: ['less_than:100'],
      withholding_tax_percentage: ['greater_than_or_equal_to'],
    });
    expect(taxErrors('DE', { vat_percentage: '99.9999' }, 'person')).toEqual({});
    expect(taxErrors('DE', {}, 'person')).toEqual({ vat_percentage: ['blank'] });
  });
});
