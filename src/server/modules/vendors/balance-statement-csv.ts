import { csvText } from '../../lib/csv.js';
import type { BalanceStatement } from './balance-statement.js';

export const BALANCE_STATEMENT_CSV_COLUMNS = ['record', 'contract_id', 'contract_vendor_id', 'currency', 'month', 'kind', 'reference', 'payout_month', 'description', 'amount', 'balance'] as const;
type Column = (typeof BALANCE_STATEMENT_CSV_COLUMNS)[number];

/**
 * The balance statement as CSV (comma, RFC 4180 quoting, CRLF, header first, formula-guarded cells), every
 * amount a decimal string: per account an `opening` row, an `entry` per ledger entry of the period with the
 * balance it left, a `total` per kind of entry, and a `closing` row. Opening plus the entries is closing.
 */
export function balanceStatementCsv(d: BalanceStatement): string {
  const rows = d.accounts.flatMap((a) => {
    const row = (values: Partial<Record<Column, string | null>>) =>
      BALANCE_STATEMENT_CSV_COLUMNS.map((c) =>
        c === 'contract_id' ? String(a.contract_id) : c === 'contract_vendor_id' ? String(a.contract_vendor_id) : c === 'currency' ? a.currency : (values[c] ?? ''),
      );
    return [
      row({ record: 'opening', month: d.period.from, balance: a.opening }),
      ...a.entries.map((e) =>
        row({ record: 'entry', month: e.month.slice(0, 7), kind: e.kind, reference: e.payment_reference, payout_month: e.payout?.month.slice(0, 7) ?? null, description: e.description, amount: e.amount, balance: e.balance_after }),
      ),
      ...Object.entries(a.totals).map(([kind, amount]) => row({ record: 'total', kind, amount })),
      row({ record: 'closing', month: d.period.to, balance: a.closing }),
    ];
  });
  return csvText([[...BALANCE_STATEMENT_CSV_COLUMNS], ...rows]);
}
