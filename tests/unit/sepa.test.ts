import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../src/shared/money.js';
import { paymentsCsv } from '../../src/server/modules/payment-files/csv.js';
import { EPC_TEXT, epcCut, epcText, isEpcName } from '../../src/shared/epc-text.js';
import { validateVendor } from '../../src/shared/validation/vendors.js';
import { PaymentFileError, sepaDocument, type SepaFileInput, type SepaTransfer } from '../../src/server/modules/payment-files/sepa.js';
import { PAIN_001_001_09_XSD, schemaErrors } from '../../src/server/modules/payment-files/xsd.js';

/** Validates with Debian's xmllint, the validator the issue names, beside the in-process one. */
function xmllint(xml: string): { ok: boolean; output: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sepa-')), 'file.xml');
  fs.writeFileSync(file, xml);
  try {
    return { ok: true, output: execFileSync('xmllint', ['--noout', '--schema', PAIN_001_001_09_XSD, file], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const address = { street: 'Hauptstraße', street_number: '5a', postal_code: '10115', city: 'Berlin', country_code: 'DE' };
const transfer = (overrides: Partial<SepaTransfer> = {}): SepaTransfer => ({
  reference: 'P00000001',
  amount: '100.00',
  execution_date: '2026-12-01',
  period: { start: '2026-10-01', end: '2026-10-31' },
  creditor: { name: 'Vendor', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', address },
  ...overrides,
});
const file = (transfers: SepaTransfer[], overrides: Partial<SepaFileInput> = {}): SepaFileInput => ({
  message_id: 'REMIT-1-7-EUR',
  created_at: new Date('2026-11-24T10:00:00.123Z'),
  initiating_party: 'Remit Media GmbH',
  debtor: { name: 'Remit Media GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', address: { street: 'Invalidenstraße', street_number: '1', postal_code: '10115', city: 'Berlin', country_code: 'DE' } },
  transfers,
  ...overrides,
});

describe('EPC character set', () => {
  it('transliterates, then maps & to +, guillemets to parentheses and the rest to a space', () => {
    expect(epcText('Müller & Søn – «Ltd»')).toBe('Muller + Son - (Ltd)');
    expect(epcText('Łukasz Żółćński, Gdańsk')).toBe('Lukasz Zolcnski, Gdansk');
    expect(epcText('Γιώργος Παπαδόπουλος')).toMatch(/^Gi.rgos Papadop.+los$/);
    expect(epcText('50% off; "quoted" #1 @home_x')).toBe('50 off quoted 1 home x');
    expect(epcText("O'Brien / Co. (Ltd) + ?:-,")).toBe("O'Brien / Co. (Ltd) + ?:-,");
    expect(epcText('  tabs\tand\nnewlines  ')).toBe('tabs and newlines');
    for (const s of ['Müller & Søn – «Ltd»', 'Ærøskøbing ß €', '北京 東京', 'Ωmega ☃ 🎉']) expect(epcText(s)).toMatch(EPC_TEXT);
  });

  it('composes or drops combining accents before transliterating, instead of leaving a space (issue 25 item 9)', () => {
    expect(epcText('Comb\u0301ining')).toBe('Combining');
    expect(epcText('Mu\u0308ller Se\u0301verine')).toBe('Muller Severine');
  });

  it('a name the set cannot write is refused when a vendor or an account holder is entered, with its message key', () => {
    expect(isEpcName('🎵🎶')).toBe(false);
    expect(isEpcName('北京')).toBe(true);
    expect(isEpcName('Zoë 🎵')).toBe(true);
    const vendor = (over: Record<string, unknown>) => validateVendor({ organization_id: 1, name: 'Studio Nord', type: 'company', contacts: [{ first_name: 'A', last_name: 'B', emails: [{ email: 'a@example.com' }] }], ...over }, {});
    const errors = (r: ReturnType<typeof vendor>) => (r.ok ? {} : r.errors);
    expect(errors(vendor({ name: '🎵🎶' })).name).toEqual(['not_in_sepa_set']);
    expect(errors(vendor({ name: 'Se\u0301verine' })).name).toBeUndefined();
    const methods = errors(vendor({ payment_methods: [{ type: 'bank', is_sepa: true, iban: 'DE02120300000000202051', account_holder: '😀😀' }] })).payment_methods as Record<string, Record<string, string[]>>;
    expect(methods['0'].account_holder).toEqual(['not_in_sepa_set']);
  });

  it('cuts after mapping, without a trailing space', () => {
    expect(epcCut('Ä'.repeat(80), 70)).toBe('A'.repeat(70));
    expect(epcCut(`${'a'.repeat(69)} b`, 70)).toBe('a'.repeat(69));
  });
});

describe('minor units', () => {
  it('are exact integers both ways', () => {
    expect(toMinorUnits('12.3', 'EUR')).toBe(1230n);
    expect(toMinorUnits('0.10', 'EUR') + toMinorUnits('0.20', 'EUR')).toBe(30n);
    expect(fromMinorUnits(30n, 'EUR')).toBe('0.30');
    expect(fromMinorUnits(-5n, 'EUR')).toBe('-0.05');
    expect(fromMinorUnits(1234n, 'JPY')).toBe('1234');
    expect(toMinorUnits('999999999999999.99', 'EUR')).toBe(99999999999999999n);
    expect(() => toMinorUnits('1.005', 'EUR')).toThrow(RangeError);
    expect(toMinorUnits('1.0500', 'EUR')).toBe(105n);
  });
});

describe('pain.001.001.09', () => {
  it('writes a schema-valid file with one block per execution date, exact control sums and EPC text', () => {
    const transfers = [
      transfer({ reference: 'P00000001', amount: '0.10', execution_date: '2026-12-01' }),
      transfer({
        reference: 'P00000002',
        amount: '0.20',
        execution_date: '2026-12-15',
        creditor: { name: 'Müller & Søn – «Ltd»', iban: 'DK5000400440116243', bic: null, address: { ...address, city: 'København', country_code: 'DK', street: 'Nørregade' } },
      }),
      transfer({
        reference: 'P00000003',
        amount: '1234567.89',
        execution_date: '2026-12-01',
        creditor: { name: 'Łukasz Wiśniewski Spółka Żółta', iban: 'PL61109010140000071219812874', bic: null, address: { ...address, city: 'Łódź', country_code: 'PL', street: null, street_number: null } },
      }),
      transfer({
        reference: 'P00000004',
        amount: '7',
        execution_date: '2026-12-01',
        creditor: { name: 'Γεώργιος Παπαδόπουλος Ανώνυμη Εταιρεία Εμπορίας και Διανομής Οπτικοακουστικού Υλικού', iban: 'GR1601101250000000012300695', bic: null, address: { ...address, city: 'Αθήνα', country_code: 'GR', postal_code: '105 57' } },
      }),
    ];
    const out = sepaDocument(file(transfers));
    expect(out.count).toBe(4);
    expect(out.control_sum).toBe('1234575.19');
    expect(schemaErrors(out.xml)).toEqual([]);
    const lint = xmllint(out.xml);
    expect(lint.ok, lint.output).toBe(true);

    const xml = out.xml;
    expect(xml).toContain('<CtrlSum>1234575.19</CtrlSum>');
    // Two blocks: 2026-12-01 (three payments) and 2026-12-15 (one), each with its own sum.
    expect([...xml.matchAll(/<ReqdExctnDt>\s*<Dt>([\d-]+)<\/Dt>/g)].map((m) => m[1])).toEqual(['2026-12-01', '2026-12-15']);
    expect([...xml.matchAll(/<PmtInf>[\s\S]*?<NbOfTxs>(\d+)<\/NbOfTxs>\s*<CtrlSum>([\d.]+)<\/CtrlSum>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['3', '1234574.99'],
      ['1', '0.20'],
    ]);
    expect(xml).toContain('<InstdAmt Ccy="EUR">7.00</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.10</InstdAmt>');
    expect(xml).toContain('<Nm>Muller + Son - (Ltd)</Nm>');
    expect(xml).toContain('<TwnNm>Kobenhavn</TwnNm>');
    expect(xml).toContain('<TwnNm>Lodz</TwnNm>');
    expect(xml).toContain('<EndToEndId>P00000002</EndToEndId>');
    expect(xml).toContain('<Ustrd>P00000002 2026-10-01 - 2026-10-31</Ustrd>');
    expect(xml).toContain('<CreDtTm>2026-11-24T10:00:00Z</CreDtTm>');
    // Every name is cut to 70; the text between tags is in the EPC set.
    for (const [, name] of xml.matchAll(/<Nm>([^<]*)<\/Nm>/g)) expect(name.length).toBeLessThanOrEqual(70);
    for (const [, text] of xml.matchAll(/>([^<>]+)</g)) if (text.trim()) expect(text.trim()).toMatch(EPC_TEXT);
    // No BIC: the debtor agent would be NOTPROVIDED, a creditor agent is left out.
    expect(sepaDocument(file([transfer()], { debtor: { name: 'X', iban: 'DE02120300000000202051', bic: null, address: { street: null, street_number: null, postal_code: null, city: 'Berlin', country_code: 'DE' } } })).xml).toContain('<Id>NOTPROVIDED</Id>');
  });

  it('refuses a payee without a town, naming the payment; and amounts and ids outside the EPC rules', () => {
    const noTown = () => sepaDocument(file([transfer(), transfer({ reference: 'P00000009', creditor: { ...transfer().creditor, address: { ...address, city: null } } })]));
    expect(noTown).toThrow(PaymentFileError);
    expect(noTown).toThrow("Payment P00000009: the payee's address has no town");
    expect(() => sepaDocument(file([transfer({ creditor: { ...transfer().creditor, address: { ...address, country_code: null } } })]))).toThrow('has no country');
    expect(() => sepaDocument(file([transfer({ amount: '1.001' })]))).toThrow('more than 2 decimals');
    expect(() => sepaDocument(file([transfer({ amount: '0' })]))).toThrow('outside 0.01 to 999999999.99');
    expect(() => sepaDocument(file([transfer({ amount: '1000000000.00' })]))).toThrow('outside');
    expect(() => sepaDocument(file([transfer({ reference: 'P/1//2' })]))).toThrow('end-to-end id');
    expect(() => sepaDocument(file([transfer(), transfer()]))).toThrow('appears twice');
    expect(() => sepaDocument(file([]))).toThrow('at least one payment');
  });

  it('the in-process check catches what the schema refuses', () => {
    const xml = sepaDocument(file([transfer()])).xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>');
    expect(schemaErrors(xml).join('\n')).toMatch(/PmtMtd/);
    expect(xmllint(xml).ok).toBe(false);
    expect(schemaErrors('<Document')).toEqual([expect.stringMatching(/^not well-formed XML/)]);
  });
});

describe('CSV payment file', () => {
  it('one row per payment, exact total, refuses a payment without account', () => {
    const out = paymentsCsv('USD', [
      { reference: 'P1', vendor: { number: '100000001', name: 'Müller, "Søn"' }, account_holder: 'Payee Ltd', account: '123456789', bank: 'BANK01', amount: '0.10', currency: 'USD' },
      { reference: 'P2', vendor: { number: '100000002', name: 'B' }, account_holder: 'B', account: 'b@example.com', bank: null, amount: '0.2', currency: 'USD' },
    ]);
    expect(out.control_sum).toBe('0.30');
    expect(out.csv.split('\r\n')).toEqual([
      'reference,vendor_number,vendor_name,account_holder,account,bank,amount,currency',
      'P1,100000001,"Müller, ""Søn""",Payee Ltd,123456789,BANK01,0.10,USD',
      'P2,100000002,B,B,b@example.com,,0.20,USD',
      '',
    ]);
    expect(() => paymentsCsv('USD', [{ reference: 'P3', vendor: { number: '1', name: 'C' }, account_holder: null, account: null, bank: null, amount: '1', currency: 'USD' }])).toThrow(
      'Payment P3: the payee has no account',
    );
  });
});
