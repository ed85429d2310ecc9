import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../src/server/lib/storage.js';
import { CSV_COLUMNS, vendorFileCsv, vendorRows, type VendorFileVendor } from '../../src/server/modules/vendor-files/csv.js';
import { writeZip } from '../../src/server/modules/vendor-files/zip.js';
import { validateCreateVendorFiles } from '../../src/shared/validation/vendor-files.js';

const VENDOR: VendorFileVendor = {
  full_number: '100000042',
  name: 'Klangwerk, "Studio" GmbH',
  type: 'company',
  state: 'confirmed',
  valid_from: '2026-10-15',
  address: { street: 'Hauptstraße', street_number: '5', postal_code: '50667', city: 'Köln', state: null, country_code: 'DE' },
  tax: {
    eu_tax_id: 'DE136695976',
    de_regional_tax_number: null,
    de_country_tax_number: null,
    de_tax_number_region: null,
    nl_kvk: null,
    es_cif: null,
    es_nif: null,
    it_iva: null,
    it_fiscal_code: null,
    fr_tva: null,
    fr_siret: null,
    other_tax_id: null,
    vat_percentage: '19.0000',
    withholding_tax_percentage: '0.0000',
  },
  payment_methods: [
    { type: 'bank', account_holder: 'Klangwerk GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_number: null, bank_key: null, email: null, sap_partner_type: null },
    { type: 'bank', account_holder: 'Klangwerk GmbH', iban: null, bic: null, account_number: '12345678', bank_key: '37050198', email: null, sap_partner_type: 'ZB' },
  ],
};

const column = (row: string[], name: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(name)];

describe('vendor file CSV', () => {
  it('writes one row per payment method with the vendor data beside each', () => {
    const rows = vendorRows(VENDOR);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    expect(column(rows[0], 'number')).toBe('100000042');
    expect(column(rows[0], 'iban')).toBe('DE89370400440532013000');
    expect(column(rows[1], 'account_number')).toBe('12345678');
    expect(column(rows[1], 'bank_key')).toBe('37050198');
    expect(column(rows[1], 'sap_partner_type')).toBe('ZB');
    // percentages as the ERP reads them, digits kept
    expect(column(rows[0], 'vat_percentage')).toBe('19');
    expect(column(rows[0], 'withholding_tax_percentage')).toBe('0');
  });

  it('keeps a vendor without address, tax info or methods as one row of empty fields', () => {
    const rows = vendorRows({ ...VENDOR, address: null, tax: null, payment_methods: [] });
    expect(rows).toHaveLength(1);
    expect(column(rows[0], 'city')).toBe('');
    expect(column(rows[0], 'payment_method')).toBe('');
    expect(rows[0]).toHaveLength(CSV_COLUMNS.length);
  });

  it('quotes as RFC 4180 says and digests the exact bytes', () => {
    const { csv, digest } = vendorFileCsv([{ ...VENDOR, tax: { ...VENDOR.tax!, vat_percentage: '7.5000' } }]);
    const text = csv.toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toContain('"Klangwerk, ""Studio"" GmbH"');
    expect(lines[1]).toContain(',7.5,');
    expect(lines).toHaveLength(4); // header, two rows, the final line break
    expect(digest).toBe(createHash('sha256').update(csv).digest('hex'));
  });

  it('is a header only for a month without vendors', () => {
    expect(vendorFileCsv([]).csv.toString('utf8')).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('confirmation documents zip', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('streams stored files into a stored zip under unique names', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-zip-'));
    const storage = createStorage(dir);
    const a = await storage.put(Buffer.from('%PDF-1.4 first'), 'pdf');
    const b = await storage.put(Buffer.from('%PDF-1.4 second'), 'pdf');
    const zip = await writeZip(storage, [{ name: 'v-1.pdf', key: a.key }, { name: 'v-1.pdf', key: b.key }], new Date('2026-10-01T00:00:00Z'));
    const bytes = await storage.read(zip.key);
    expect(zip.key.endsWith('.zip')).toBe(true);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    // each central-directory entry (PK 01 02) holds its name 46 bytes in
    const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    const names: string[] = [];
    for (let at = bytes.indexOf(central); at >= 0; at = bytes.indexOf(central, at + 4)) {
      const length = bytes.readUInt16LE(at + 28);
      names.push(bytes.subarray(at + 46, at + 46 + length).toString('utf8'));
    }
    expect(names).toEqual(['v-1.pdf', 'v-1-2.pdf']);
    // stored, not deflated: the documents' bytes are in the archive as they are
    expect(bytes.includes(Buffer.from('%PDF-1.4 second'))).toBe(true);
  });
});

describe('create vendor files rules (spec 2, 5)', () => {
  const today = new Date('2026-11-24T10:00:00Z');
  it('needs a first-of-month that is not in the future and at least one organization', () => {
    expect(validateCreateVendorFiles({ month: '2026-11-01', organization_ids: [3, '4', 3] }, today)).toEqual({ ok: true, value: { month: '2026-11-01', organization_ids: [3, 4] } });
    expect(validateCreateVendorFiles({ month: '2026-12-01', organization_ids: [1] }, today)).toEqual({ ok: false, errors: { month: ['in_future'] } });
    expect(validateCreateVendorFiles({ month: '2026-10-15', organization_ids: [1] }, today)).toEqual({ ok: false, errors: { month: ['invalid'] } });
    expect(validateCreateVendorFiles({ month: '', organization_ids: [] }, today)).toEqual({ ok: false, errors: { month: ['blank'], organization_ids: ['too_few'] } });
    expect(validateCreateVendorFiles({ month: '2026-02-30', organization_ids: ['x'] }, today)).toMatchObject({ ok: false, errors: { month: ['invalid'], organization_ids: { 0: ['invalid'] } } });
  });
});
