import { fromMinorUnits, toMinorUnits } from '../../../shared/money.js';
import { csvText } from '../../lib/csv.js';
import { PaymentFileError } from './sepa.js';

/** One payment of a CSV payment file: what is not a SEPA transfer (other currencies, non-SEPA banks, PayPal). */
export interface CsvPayment {
  reference: string;
  /** The vendor the payment belongs to (with an alternative payee, the account is the payee's). */
  vendor: { number: string; name: string };
  account_holder: string | null;
  /** IBAN, account number or PayPal address. */
  account: string | null;
  /** BIC or the bank's key (empty for PayPal). */
  bank: string | null;
  amount: string;
  currency: string;
}

export const PAYMENT_CSV_COLUMNS = ['reference', 'vendor_number', 'vendor_name', 'account_holder', 'account', 'bank', 'amount', 'currency'] as const;

/** The CSV (header first, RFC 4180 quoting, CRLF, formula-guarded cells), its payments' total summed exactly in minor units. */
export function paymentsCsv(currency: string, payments: readonly CsvPayment[]): { csv: string; count: number; control_sum: string } {
  if (payments.length === 0) throw new PaymentFileError('A payment file needs at least one payment');
  let total = 0n;
  const rows = payments.map((p) => {
    if (p.currency !== currency) throw new PaymentFileError(`Payment ${p.reference}: currency ${p.currency} in a ${currency} file`, p.reference);
    if (!p.account) throw new PaymentFileError(`Payment ${p.reference}: the payee has no account`, p.reference);
    const units = toMinorUnits(p.amount, currency);
    total += units;
    return [p.reference, p.vendor.number, p.vendor.name, p.account_holder ?? '', p.account, p.bank ?? '', fromMinorUnits(units, currency), currency];
  });
  const csv = csvText([[...PAYMENT_CSV_COLUMNS], ...rows]);
  return { csv, count: payments.length, control_sum: fromMinorUnits(total, currency) };
}
