import { describe, expect, it } from 'vitest';
import { changeLines } from '../../src/client/kit/change-diff';
import { bankMethodLabel, inBlocks, isPending } from '../../src/client/features/vendors/format';
import { comparedFields, newMethod, newVendor, vendorPayload, vendorValues } from '../../src/client/features/vendors/vendor-values';
import { vendorStruct } from '../../src/shared/validation/vendors';
import { check } from '../../src/shared/validation/core';

describe('vendor form values', () => {
  it('shows IBANs and account numbers in blocks of 4, whatever spaces were typed', () => {
    expect(inBlocks('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(inBlocks(' DE89 37040044 0532013000 ')).toBe('DE89 3704 0044 0532 0130 00');
    expect(inBlocks(null)).toBe('');
    expect(bankMethodLabel({ is_sepa: false, account_number: '1234567890', account_holder: 'Karla' })).toBe('1234 5678 90 · Karla');
  });

  it('calls an e-mail pending by the server state, else by portal user and confirmation', () => {
    expect(isPending({ can_access_portal: true, portal_user_id: 3, is_confirmed: false, portal_confirmation: 'pending' })).toBe(true);
    expect(isPending({ can_access_portal: true, portal_user_id: 3, is_confirmed: false, portal_confirmation: 'confirmed' })).toBe(false);
    expect(isPending({ can_access_portal: true, portal_user_id: 3, is_confirmed: false })).toBe(true);
    expect(isPending({ can_access_portal: true, portal_user_id: null, is_confirmed: false })).toBe(false);
  });

  it('reads a stored vendor as form values and back through the shared struct', () => {
    const values = vendorValues({
      id: 7,
      name: 'Karla',
      organization_id: 1,
      type: 'company',
      source: 'network',
      language: 'de',
      number: 12,
      account_manager: null,
      tags: [{ id: 4, name: 'Music' }],
      referenced_vendors: [],
      address: { id: 2, country_code: 'DE', city: 'Berlin', street: null, street_number: null, postal_code: '10119', state: null, floor: null, apartment: null, post_box: null, care_of: null },
      tax_info: null,
      contacts: [{ id: 5, first_name: 'Karla', last_name: 'K', nickname: null, date_of_birth: null, emails: [{ id: 9, email: 'k@x.test', label: null, can_access_portal: false, can_sign: true, portal_user_id: null, is_confirmed: false, confirmation_sent_at: null, portal_confirmation: 'none' }], phone_numbers: [], skype_accounts: [{ id: 1, login: 'karla' }], facebook_accounts: [] }],
      payment_methods: [{ id: 3, type: 'bank', contract_vendors: [], account_holder: 'Karla', is_sepa: false, iban: null, bic: null, account_number: '123', sap_partner_type: null, bank_id: 8, bank: { id: 8, name: 'Sparkasse' } }],
    });
    expect(values.address.street).toBe('');
    expect(values.tag_ids).toEqual(['4']);
    expect(values.tax_info.withholding_tax_percentage).toBe('0');
    expect(values.payment_methods[0]).toMatchObject({ bank_id: 8, bank_name: 'Sparkasse', account_number: '123' });
    const result = check(vendorStruct(), { ...values, contacts: [{ ...values.contacts[0], skype_accounts: [{ login: 'karla' }, { login: 'Karla ' }] }] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // masked to the struct's fields (no bank_name), skype de-duplicated
    const payload = vendorPayload(values, result.value) as { payment_methods: Record<string, unknown>[]; contacts: { skype_accounts: unknown[] }[]; tag_ids: number[] };
    expect(payload.payment_methods[0]).not.toHaveProperty('bank_name');
    expect(payload.contacts[0].skype_accounts).toHaveLength(1);
    expect(payload.tag_ids).toEqual([4]);
  });

  it('sends multipart with the confirmation document', () => {
    const values = { ...newVendor(), confirmation_document: new File(['%PDF-1.4'], 'agreement.pdf', { type: 'application/pdf' }) };
    const body = vendorPayload(values, { name: 'X' });
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('vendor[name]')).toBe('X');
    expect((body as FormData).get('vendor[confirmation_document]')).toBeInstanceOf(File);
  });

  it('compares only what a change request covers: not partner type or assignment, percentages by value', () => {
    const base = { ...newVendor(), name: 'A', payment_methods: [newMethod('bank')] };
    base.tax_info = { ...base.tax_info, vat_percentage: '19' };
    const same = { ...base, tax_info: { ...base.tax_info, vat_percentage: '19.0000' }, payment_methods: [{ ...base.payment_methods[0], sap_partner_type: 'X', assign_to_contracts: true }], language: 'de' };
    expect(comparedFields(same)).toEqual(comparedFields(base));
    expect(comparedFields({ ...base, name: 'B' })).not.toEqual(comparedFields(base));
    expect(comparedFields({ ...base, address: { ...base.address, city: 'Köln' } })).not.toEqual(comparedFields(base));
  });

  it('turns a change set into readable lines', () => {
    // each field [before, after]; objects compared down to their leaves, equal ones left out
    expect(changeLines({ name: ['A', 'B'], address: [{ city: 'Berlin', street: 'X' }, { city: 'Köln', street: 'X' }] })).toEqual([
      { path: 'name', before: 'A', after: 'B' },
      { path: 'address.city', before: 'Berlin', after: 'Köln' },
    ]);
    // lists by position: a removed entry's fields have no after side
    expect(changeLines({ payment_methods: [[{ iban: 'DE1' }, { iban: 'DE2' }], [{ iban: 'DE1' }]] })).toEqual([{ path: 'payment_methods.1.iban', before: 'DE2', after: undefined }]);
    // a create: bare values are the after side
    expect(changeLines({ name: 'A', tax_info: { vat_percentage: '19' } })).toEqual([
      { path: 'name', before: undefined, after: 'A' },
      { path: 'tax_info.vat_percentage', before: undefined, after: '19' },
    ]);
  });
});
