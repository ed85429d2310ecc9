import { createHash } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import { compare, fromMinorUnits, toMinorUnits } from '../../../shared/money.js';
import type { Db } from '../../db/connection.js';
import type { Storage } from '../../lib/storage.js';
import { fullNumberSql } from '../vendors/queries.js';
import { paymentsCsv } from './csv.js';
import { checkTransfer, PaymentFileError, type SepaAddress, type SepaTransfer, sepaDocument } from './sepa.js';
import type { PaymentFileFormat } from './tables.js';
import { schemaErrors } from './xsd.js';

/** A payment as a payment file needs it: figures, period, and the account it is paid to. */
export interface FilePayment {
  id: number;
  reference: string;
  state: string;
  organization_id: number;
  organization_name: string;
  currency: string;
  amount: string;
  vat_amount: string;
  wht_amount: string;
  total_amount: string;
  due_date: string;
  start_date: string;
  end_date: string;
  payment_file_id: number | null;
  payment_bucket_id: number | null;
  vendor_number: string;
  vendor_name: string;
  /** The account paid, frozen on the payment: the contract vendor's method, or for an alternative payee the payee's bank method. */
  method_type: string | null;
  is_sepa: boolean;
  account_holder: string | null;
  iban: string | null;
  bic: string | null;
  account_number: string | null;
  bank_key: string | null;
  paypal_email: string | null;
  /** The owner of the account paid (the payee for an alternative payee) and its address. */
  payee_name: string;
  street: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
}

/** EUR to a SEPA bank account is a SEPA transfer; everything else goes into the CSV. */
export const formatOf = (p: Pick<FilePayment, 'currency' | 'method_type' | 'is_sepa'>): PaymentFileFormat =>
  p.currency === 'EUR' && p.method_type === 'bank' && p.is_sepa ? 'sepa' : 'csv';

/**
 * The payments `where` picks (alias `p`), with the payee each was made with (frozen on the payment,
 * DOMAIN.md "Payment run" step 6: never the vendor's data of today); `lock` locks the payment rows (in id
 * order) for the transaction that exports or rewrites them.
 */
export async function filePayments(db: Db, where: Expression<SqlBool>, opts: { lock?: boolean } = {}): Promise<FilePayment[]> {
  const { rows } = await sql<FilePayment>`
    SELECT p.id::int AS id, p.reference, p.state, p.organization_id::int AS organization_id, organizations.name AS organization_name, p.currency,
      p.amount::text AS amount, p.vat_amount::text AS vat_amount, p.wht_amount::text AS wht_amount, p.total_amount::text AS total_amount,
      p.due_date::text AS due_date, p.start_date::text AS start_date, p.end_date::text AS end_date, p.payment_file_id::int AS payment_file_id, p.payment_bucket_id::int AS payment_bucket_id,
      ${fullNumberSql} AS vendor_number, vendors.name AS vendor_name,
      p.payee_method_type AS method_type, p.payee_is_sepa AS is_sepa, p.payee_account_holder AS account_holder, p.payee_iban AS iban, p.payee_bic AS bic,
      p.payee_account_number AS account_number, p.payee_bank_key AS bank_key, p.payee_email AS paypal_email, coalesce(p.payee_name, vendors.name) AS payee_name,
      p.payee_street AS street, p.payee_street_number AS street_number, p.payee_postal_code AS postal_code, p.payee_city AS city, p.payee_country_code AS country_code
    FROM payments p
    JOIN organizations ON organizations.id = p.organization_id
    JOIN vendors ON vendors.id = p.vendor_id
    WHERE ${where}
    ORDER BY p.id
    ${opts.lock ? sql`FOR UPDATE OF p` : sql``}`.execute(db);
  return rows;
}

export interface DebtorAccount {
  iban: string;
  bic: string | null;
  account_holder: string;
}

export interface FileContent {
  data: Buffer;
  digest: string;
  payments_count: number;
  amount: string;
  vat_amount: string;
  wht_amount: string;
  total_amount: string;
}

/** Stores a file's content and answers the columns of its `payment_files` row (the created or updated file). */
export async function storeFileContent(storage: Storage, format: PaymentFileFormat, content: FileContent) {
  const { data, ...figures } = content;
  const stored = await storage.put(data, format === 'sepa' ? 'xml' : 'csv');
  return { storage_key: stored.key, ...figures };
}

/** Sums in minor units, exact: the file's figures and the control sum come from the same integers. */
function totals(currency: string, payments: readonly FilePayment[]) {
  const add = (field: 'amount' | 'vat_amount' | 'wht_amount' | 'total_amount') => fromMinorUnits(payments.reduce((s, p) => s + toMinorUnits(p[field], currency), 0n), currency);
  return { amount: add('amount'), vat_amount: add('vat_amount'), wht_amount: add('wht_amount'), total_amount: add('total_amount') };
}

/** The SEPA transfer of a payment; due in the past: as soon as possible, which is the day the file is made. */
const transferOf = (p: FilePayment, today: string): SepaTransfer => ({
  reference: p.reference,
  amount: p.total_amount,
  execution_date: p.due_date > today ? p.due_date : today,
  period: { start: p.start_date, end: p.end_date },
  creditor: {
    name: p.account_holder || p.payee_name,
    iban: p.iban ?? '',
    bic: p.bic,
    address: { street: p.street, street_number: p.street_number, postal_code: p.postal_code, city: p.city, country_code: p.country_code },
  },
});

/**
 * Why a payment cannot go into its file, or null: a total of zero or less never goes into any file (no
 * bank order pays nothing or takes money back); a SEPA transfer must meet the EPC rules, a CSV line needs
 * an account. The one check behind both the files made and the bucket's list of payments kept out.
 */
export function fileRefusal(p: FilePayment, today: string): string | null {
  if (compare(p.total_amount, '0') <= 0) return `Payment ${p.reference}: the total ${p.total_amount} ${p.currency} is not above zero`;
  try {
    if (formatOf(p) === 'sepa') checkTransfer(transferOf(p, today));
    else if (!csvAccount(p)) return `Payment ${p.reference}: the payee has no account`;
  } catch (error) {
    if (error instanceof PaymentFileError) return error.message;
    throw error;
  }
  return null;
}

const csvAccount = (p: FilePayment) => (p.method_type === 'paypal' ? p.paypal_email : (p.iban ?? p.account_number));

/** The debtor of a SEPA file: the organization's account, its name and structured address. */
export interface FileDebtor extends DebtorAccount {
  name: string;
  address: SepaAddress;
}

/**
 * The content of one file (one organization, currency and format). A SEPA file is checked against the
 * XSD before anything is stored: a file that fails is refused with the schema's complaints.
 */
export function fileContent(
  group: { organization_name: string; currency: string; format: PaymentFileFormat; message_id: string; debtor: FileDebtor; today: string; now: Date },
  payments: readonly FilePayment[],
): FileContent {
  const sums = totals(group.currency, payments);
  let text: string;
  if (group.format === 'sepa') {
    const file = sepaDocument({
      message_id: group.message_id,
      created_at: group.now,
      initiating_party: group.organization_name,
      debtor: { name: group.debtor.name, iban: group.debtor.iban, bic: group.debtor.bic, address: group.debtor.address },
      transfers: payments.map((p) => transferOf(p, group.today)),
    });
    if (file.control_sum !== sums.total_amount) throw new PaymentFileError(`The control sum ${file.control_sum} differs from the payments' total ${sums.total_amount}`);
    const errors = schemaErrors(file.xml);
    if (errors.length > 0) throw new PaymentFileError(`The SEPA file of ${group.organization_name} (${group.currency}) fails the pain.001.001.09 schema: ${errors.slice(0, 5).join('; ')}`);
    text = file.xml;
  } else {
    const file = paymentsCsv(
      group.currency,
      payments.map((p) => ({
        reference: p.reference,
        vendor: { number: p.vendor_number, name: p.vendor_name },
        account_holder: p.account_holder,
        account: csvAccount(p),
        bank: p.method_type === 'paypal' ? null : (p.bic ?? p.bank_key),
        amount: p.total_amount,
        currency: p.currency,
      })),
    );
    text = file.csv;
  }
  const data = Buffer.from(text, 'utf8');
  return { data, digest: createHash('sha256').update(data).digest('hex'), payments_count: payments.length, ...sums };
}
