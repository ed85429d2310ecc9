import { formatDecimal, toDecimal } from '../../../shared/money.js';
import type { WriteContext } from '../../http/resource.js';
import { pdfPrinter } from '../../lib/pdf.js';
import { translations } from '../config/locales.js';
import type { Storage } from '../../lib/storage.js';
import type { ContractEntity } from './queries.js';

/**
 * The document of a contract written from a template (DOMAIN.md: generated at approval, so signing
 * always has one): parties, dates, sources, shares and vendor splits as tables, in the first vendor's
 * language (German or English), with pdfmake and the DejaVu fonts (`lib/pdf.ts`).
 */

const LABELS = {
  en: {
    title: 'Contract',
    template: 'Template',
    parties: 'Parties',
    organization: 'Organization',
    vendor: 'Vendor',
    number: 'Number',
    terms: 'Terms',
    contract_type: 'Contract type',
    currency: 'Currency',
    start_date: 'Start date',
    end_date: 'End date',
    termination_possible_from: 'Termination possible from',
    termination_period_months: 'Termination period (months)',
    credit_note_type: 'Credit note type',
    sources: 'Revenue sources',
    name: 'Name',
    reference_id: 'Reference',
    type: 'Type',
    shares: 'Revenue shares',
    formula: 'Formula',
    rev_share: 'Revenue share %',
    baseline: 'Baseline',
    fixed_income: 'Fixed income',
    threshold: 'Threshold',
    splits: 'Vendor splits',
    share: 'Share %',
    payment_method: 'Payment method',
    signers: 'Signers',
    primary: 'Primary signer',
    secondary: 'Secondary signer',
    none: '–',
  },
  de: {
    title: 'Vertrag',
    template: 'Vorlage',
    parties: 'Vertragsparteien',
    organization: 'Organisation',
    vendor: 'Partner',
    number: 'Nummer',
    terms: 'Bedingungen',
    contract_type: 'Vertragsart',
    currency: 'Währung',
    start_date: 'Beginn',
    end_date: 'Ende',
    termination_possible_from: 'Kündbar ab',
    termination_period_months: 'Kündigungsfrist (Monate)',
    credit_note_type: 'Gutschriftsart',
    sources: 'Umsatzquellen',
    name: 'Name',
    reference_id: 'Referenz',
    type: 'Art',
    shares: 'Umsatzanteile',
    formula: 'Formel',
    rev_share: 'Umsatzanteil %',
    baseline: 'Basis',
    fixed_income: 'Festbetrag',
    threshold: 'Schwelle',
    splits: 'Aufteilung auf die Partner',
    share: 'Anteil %',
    payment_method: 'Zahlungsart',
    signers: 'Unterzeichner',
    primary: 'Hauptunterzeichner',
    secondary: 'Zweitunterzeichner',
    none: '–',
  },
} as const;
export type PdfLanguage = keyof typeof LABELS;

export interface ContractPdfData {
  contract: ContractEntity;
  organizationAddress: string;
  language: string;
}

const date = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : null);

/** The contract's document as PDF bytes. */
export async function renderContractPdf({ contract: c, organizationAddress, language }: ContractPdfData): Promise<Buffer> {
  const lng: PdfLanguage = language === 'de' ? 'de' : 'en';
  const L = LABELS[lng];
  // Enum values as the screens name them in the document's language ('Exclusive artist', not 'exclusive_artist').
  const texts = (await translations(lng)) as Record<string, Record<string, Record<string, string> | undefined> | undefined>;
  const named = (area: string, group: string) => (v: string | null | undefined) => (v ? (texts[area]?.[group]?.[v] ?? v) : null);
  const contractType = named('contract_form', 'contract_types');
  const creditNoteType = named('contract_form', 'credit_note_types');
  const sourceType = named('contract_form', 'source_types');
  const shareType = named('contract_form', 'share_types');
  const formula = named('contract_form', 'formulas');
  const paymentType = named('vendors', 'payment_types');
  const locale = lng === 'de' ? 'de-DE' : 'en-GB';
  // Percentages without trailing zeros ('70.0000' is 70), amounts with their cents.
  const pct = (v: string | null) => (v === null ? L.none : formatDecimal(toDecimal(v).toString(), locale));
  const amt = (v: string | null) => (v === null ? L.none : formatDecimal(v, locale, 2));
  const cell = (v: string | number | null | undefined) => ({ text: v === null || v === undefined || v === '' ? L.none : String(v) });
  const head = (...labels: string[]) => labels.map((text) => ({ text, style: 'th' }));
  const table = (widths: (string | number)[], header: ReturnType<typeof head>, rows: object[][]) => ({
    table: { headerRows: 1, widths, body: [header, ...rows] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  });
  const pairs = (rows: [string, string | number | null][]) => ({
    table: { widths: [170, '*'], body: rows.map(([k, v]) => [{ text: k, style: 'th' }, cell(v)]) },
    layout: 'noBorders',
    margin: [0, 0, 0, 12],
  });

  const doc = {
    info: { title: `${L.title} #${c.id}`, author: c.organization.name, producer: 'Remit', creator: 'Remit' },
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    defaultStyle: { font: 'DejaVu', fontSize: 9.5 },
    styles: { h1: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] }, h2: { fontSize: 12, bold: true, margin: [0, 6, 0, 6] }, th: { bold: true }, muted: { color: '#555555' } },
    content: [
      { text: `${L.title} #${c.id}`, style: 'h1' },
      { text: `${L.template}: ${c.template_name ?? L.none}`, style: 'muted', margin: [0, 0, 0, 10] },
      { text: L.parties, style: 'h2' },
      table(
        ['auto', '*', 'auto'],
        head('', L.name, L.number),
        [
          [cell(L.organization), { text: [{ text: c.organization.name, bold: true }, `\n${organizationAddress}`] }, cell(null)],
          ...c.contract_vendors.map((v) => [cell(L.vendor), cell(v.vendor.name), cell(v.vendor.full_number)]),
        ],
      ),
      { text: L.terms, style: 'h2' },
      pairs([
        [L.contract_type, contractType(c.contract_type)],
        [L.currency, c.currency],
        [L.start_date, date(c.start_date)],
        [L.end_date, date(c.end_date)],
        [L.termination_possible_from, date(c.termination_possible_from)],
        [L.termination_period_months, c.termination_period_months],
        [L.credit_note_type, creditNoteType(c.credit_note_type)],
      ]),
      { text: L.sources, style: 'h2' },
      table(['*', 'auto', 'auto'], head(L.name, L.reference_id, L.type), c.revenue_sources.map((s) => [cell(s.name), cell(s.reference_id), cell(sourceType(s.type))])),
      { text: L.shares, style: 'h2' },
      table(
        ['auto', 'auto', '*', '*', '*', '*'],
        head(L.type, L.formula, L.rev_share, L.baseline, L.fixed_income, L.threshold),
        c.revenue_shares.map((s) => [cell(shareType(s.type)), cell(formula(s.formula)), cell(pct(s.rev_share)), cell(amt(s.baseline)), cell(amt(s.fixed_income)), cell(amt(s.threshold))]),
      ),
      { text: L.splits, style: 'h2' },
      table(
        ['*', 'auto', 'auto'],
        head(L.vendor, L.share, L.payment_method),
        c.contract_vendors.map((v) => [cell(v.vendor.name), cell(pct(v.share_percentage)), cell(paymentType(v.vendor_payment_method?.type))]),
      ),
      { text: L.signers, style: 'h2' },
      pairs([
        [L.primary, c.primary_signer_email?.email ?? null],
        [L.secondary, c.secondary_signer_email?.email ?? null],
      ]),
    ],
  };
  return pdfPrinter().createPdf(doc).getBuffer();
}

/**
 * Generates the contract's document inside the approval's transaction and stores it like an upload:
 * a failed generation fails the approval (nothing changes), and a rolled-back approval removes the file.
 */
export async function generateContractDocument(storage: Storage, w: WriteContext, contract: ContractEntity): Promise<void> {
  const org = await w.trx
    .selectFrom('organizations')
    .select(['street', 'street_number', 'postal_code', 'city', 'country_code'])
    .where('id', '=', contract.organization_id)
    .executeTakeFirstOrThrow();
  const firstVendor = contract.contract_vendors[0];
  const vendor = firstVendor ? await w.trx.selectFrom('vendors').select('language').where('id', '=', firstVendor.vendor_id).executeTakeFirst() : undefined;
  const pdf = await renderContractPdf({
    contract,
    organizationAddress: `${org.street} ${org.street_number}, ${org.postal_code} ${org.city}, ${org.country_code}`,
    language: vendor?.language ?? 'en',
  });
  const file = await storage.put(pdf, 'pdf');
  w.onRollback(() => storage.remove(file.key));
  await w.trx
    .insertInto('contract_documents')
    .values({ contract_id: contract.id, kind: 'generated', file_key: file.key, filename: `contract-${contract.id}.pdf`, content_type: 'application/pdf', digest: file.digest })
    .execute();
}
