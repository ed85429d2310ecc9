import { describe, expect, it } from 'vitest';
import { validateOrganization, WBS_MATRIX } from '../../src/shared/validation/organizations';
import { newOrganization, organizationPayload, organizationValues } from '../../src/client/features/organizations/organization';

/** An organization as GET /api/organizations/:id answers, WBS rows out of order and nulls where the server keeps them. */
const record = {
  id: 7,
  name: 'Remit Media GmbH',
  number: '1000',
  country_code: 'DE',
  currency: 'EUR',
  city: 'Berlin',
  postal_code: '10115',
  street: 'Invalidenstraße',
  street_number: '112',
  full_address: 'Invalidenstraße 112, 10115 Berlin, DE',
  color_primary: null,
  color_accent: '#f1c232',
  overridden_payment_type: null,
  logo_url: '/api/organizations/7/logo?v=abc',
  invoice_emails: ['invoices@remit.local'],
  invoice_cc_emails: [],
  vendor_change_request_notification_emails: [],
  payment_paused_notification_emails: [],
  payment_due_interval_length: 30,
  payment_due_interval_unit: 'd',
  vendor_sources: { external: '100', internal: '200', network: '300' },
  managing_directors: [{ id: 1, full_name: 'Dr. Miriam Albrecht', email: 'm.albrecht@remit.local' }],
  legal_imprints: [{ id: 2, locale: 'de', template: 'Remit Media GmbH\nBerlin' }],
  signers: [
    { id: 3, user_id: 11, user: { id: 11, email: 'contracts@remit.local', first_name: 'Carla', last_name: 'Contracts' }, is_primary: true, is_secondary: false },
    { id: 4, user_id: 12, user: { id: 12, email: 'finance@remit.local', first_name: 'Finn', last_name: 'Finance' }, is_primary: false, is_secondary: true },
  ],
  wbs_codes: [...WBS_MATRIX].reverse().map((pair, i) => ({ id: 100 + i, ...pair, template: `T-${pair.contract_type}-${pair.revenue_share_type}` })),
  created_at: '2026-01-01T00:00:00Z',
};

describe('organization form values', () => {
  it('starts a new organization with one director to fill in and the 15 WBS rows in matrix order', () => {
    const values = newOrganization();
    expect(values.managing_directors).toEqual([{ full_name: '', email: '' }]);
    expect(values.wbs_codes.map((w) => [w.contract_type, w.revenue_share_type])).toEqual(WBS_MATRIX.map((m) => [m.contract_type, m.revenue_share_type]));
    expect(values.overridden_payment_type).toBe('none');
  });

  it('reads a record: nulls become empty values, the WBS rows matrix-ordered with their ids, and the shared rules accept it', () => {
    const values = organizationValues(record);
    expect(values).toMatchObject({ color_primary: '', overridden_payment_type: 'none', payment_due_interval_length: '30', logo: null, remove_logo: false });
    expect(values.wbs_codes[0]).toEqual({ id: 114, contract_type: 'adsense', revenue_share_type: 'direct', template: 'T-adsense-direct' });
    expect(values.signers[0].user?.email).toBe('contracts@remit.local');
    expect(validateOrganization(values).ok).toBe(true);
  });

  it('sends JSON without a logo and multipart in bracket notation with one', () => {
    const values = organizationValues(record);
    const validated = validateOrganization(values);
    if (!validated.ok) throw new Error('invalid');
    expect(organizationPayload(values, validated.value)).toBe(validated.value);

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const body = organizationPayload({ ...values, logo }, validated.value);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('organization[logo]') as File).name).toBe('logo.png');
    expect(form.get('organization[name]')).toBe('Remit Media GmbH');
    expect(form.getAll('organization[invoice_emails][]')).toEqual(['invoices@remit.local']);
    expect(form.get('organization[vendor_sources][network]')).toBe('300');
    expect(form.get('organization[signers][1][user_id]')).toBe('12');
    expect(form.get('organization[signers][1][is_secondary]')).toBe('true');
    expect(form.get('organization[wbs_codes][14][template]')).toBe('T-exclusive_artist-shorts');
    expect(form.get('organization[color_primary]')).toBe('');
  });
});
