import fs from 'node:fs';
import { create, is } from 'superstruct';
import { stdnum } from 'stdnum';
import { describe, expect, it } from 'vitest';
import { iban } from '../../src/shared/validation/bank-account.js';
import { DE_REGIONAL_FORMATS, isItFiscalCode } from '../../src/shared/validation/tax-ids.js';
import { taxInfoRules, taxInfoStruct } from '../../src/shared/validation/vendors.js';

/**
 * The public tax-id and IBAN vectors (tests/fixtures/vectors, python-stdnum's tests and module examples)
 * through the vendor validation: the tax-info rules of a vendor of the field's country, and the IBAN of a
 * bank payment method. Every disagreement is a defect except those in KEPT, decided and written down.
 */
interface Vector {
  kind: string;
  value: string;
  expected: boolean;
  source: string;
}

const vectors: Vector[] = JSON.parse(fs.readFileSync(new URL('../fixtures/vectors/tax-ids-and-ibans.json', import.meta.url), 'utf8'));

/** Kind → the vendor (country, type) whose form shows the field, and the field. */
const FIELDS: Record<string, [country: string, type: string, field: string]> = {
  de_regional: ['DE', 'company', 'de_regional_tax_number'],
  de_country: ['DE', 'company', 'de_country_tax_number'],
  fr_siret: ['FR', 'company', 'fr_siret'],
  fr_tva: ['FR', 'company', 'fr_tva'],
  it_fiscal_code: ['IT', 'person', 'it_fiscal_code'],
  it_iva: ['IT', 'company', 'it_iva'],
  es_cif: ['ES', 'company', 'es_cif'],
  es_nif: ['ES', 'company', 'es_nif'],
  nl_kvk: ['NL', 'company', 'nl_kvk'],
  // Any EU vendor country shows the EU VAT id; the id's own prefix names its state.
  eu_vat: ['DE', 'company', 'eu_tax_id'],
};

/**
 * Disagreements kept on purpose, each with its reason.
 * - German regional numbers not written in one of the nine regional forms (bare 10-13 digits, the
 *   federal 13-digit form, odd spacing): spec 2, 5 says the number "must match one of 9 formats", and
 *   the written form is what ties it to its region.
 * - French TVA keys with letters: spec 2, 9 makes the FR tva field 11 digits (old-style letter keys are
 *   entered in the EU VAT id, FR prefix included, where stdnum's FR rule takes them).
 * - XI (Northern Ireland): not an EU member state's prefix; a GB vendor has no EU VAT id field (spec 2, 5
 *   visibility) and its number goes in other_tax_id.
 * - BE83138811735115: python-stdnum refuses it for an unknown bank code; the product keeps no registry of
 *   Belgian bank codes (its check digits are right).
 */
const KEPT: { kind: string; value: Pick<RegExp, 'test'>; reason: string }[] = [
  { kind: 'de_regional', value: { test: (v) => !DE_REGIONAL_FORMATS.some((f) => f.pattern.test(v)) }, reason: 'not in one of the nine regional forms' },
  { kind: 'fr_tva', value: /^[0-9A-Z]{2}\d{9}$/, reason: 'letter keys: the FR tva field is 11 digits' },
  { kind: 'eu_vat', value: /^XI/, reason: 'XI is not an EU member state' },
  { kind: 'iban', value: /^BE83138811735115$/, reason: 'unknown bank code: no bank registry' },
];

function accepted(v: Vector): boolean {
  if (v.kind === 'iban') {
    try {
      return is(create(v.value, iban()), iban());
    } catch {
      return false;
    }
  }
  const [country, type, field] = FIELDS[v.kind];
  const errors = taxInfoRules({ [field]: v.value }, country, type, false);
  return !(errors.tax_info as Record<string, string[]> | undefined)?.[field];
}

describe('tax ids and IBANs against the public vectors', () => {
  it('agree with every vector but the kept, listed disagreements', () => {
    expect(vectors.length).toBeGreaterThan(1500);
    const disagreements = vectors.filter((v) => accepted(v) !== v.expected);
    const kept = disagreements.filter((v) => KEPT.some((k) => k.kind === v.kind && k.value.test(v.value)));
    expect(disagreements.filter((v) => !kept.includes(v)).map((v) => `${v.kind} ${JSON.stringify(v.value)} expected ${v.expected}`)).toEqual([]);
    // Only the Belgian IBAN is accepted against its vector; every other kept one refuses a valid value.
    expect(kept.filter((v) => !v.expected).map((v) => v.value)).toEqual(['BE83138811735115']);
  });

  it('refuses a doubled EU VAT prefix and the ids the stdnum port let through', () => {
    const euId = (value: string) => accepted({ kind: 'eu_vat', value, expected: true, source: '' });
    expect(euId('DE 246595415')).toBe(true);
    for (const value of ['DE DE 246595415', 'DEDE246595415', 'EL EL 094501040', 'BG1037735942', 'NL009122746B00', 'BE2000021323']) expect([value, euId(value)]).toEqual([value, false]);
    for (const value of ['BG7111042925', 'BG 831919536', 'CZ 682127228', 'CZ 640229/4448', 'SK 202 274 96 19']) expect([value, euId(value)]).toEqual([value, true]);
  });

  it('refuses an Italian fiscal code born on day 32, whatever its check character', () => {
    const day32 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => `RSSMRA45C32F205${c}`).find((v) => stdnum.IT.codicefiscale.validate(v).isValid);
    expect(day32).toBeDefined();
    expect(isItFiscalCode(day32!)).toBe(false);
    expect(isItFiscalCode('RSSMRA45C12F205C')).toBe(true);
  });

  it('takes Spanish CIFs ending in a check letter and stores ids compact', () => {
    expect(accepted({ kind: 'es_cif', value: 'R9600075G', expected: true, source: '' })).toBe(true);
    expect(accepted({ kind: 'es_cif', value: 'W4003922D', expected: true, source: '' })).toBe(true);
    const stored = create(
      {
        eu_tax_id: 'de 246.595-415',
        fr_tva: 'FR 40 303 265 045',
        it_iva: 'IT 007 431 10157',
        es_nif: 'X-5253868-R',
        fr_siret: '775.563.232.00104',
        de_country_tax_number: '1112345678 6',
      },
      taxInfoStruct(),
    );
    expect(stored).toMatchObject({
      eu_tax_id: 'DE246595415',
      fr_tva: '40303265045',
      it_iva: '00743110157',
      es_nif: 'X5253868R',
      fr_siret: '77556323200104',
      de_country_tax_number: '11123456786',
    });
    expect(taxInfoRules(stored, 'FR', 'company', false).tax_info).toBeUndefined();
  });
});
