import { csvText } from '../../lib/csv.js';
import type { StatementData } from './statement.js';

export const STATEMENT_CSV_COLUMNS = ['record', 'reference', 'revenue_source', 'share_type', 'revenue_type', 'revenue_usd', 'currency_rate', 'revenue', 'formula', 'percentage', 'amount', 'currency'] as const;

/**
 * The statement as CSV (comma, RFC 4180 quoting, CRLF, header first, formula-guarded cells), every number a decimal string as
 * stored: a `line` per line item, a `share` per share type with its formula and the vendor's part, then
 * a `brought_forward` row for a carried balance, `amount`, `vat`, `wht`, `fee` and `total`. The `line` and
 * `brought_forward` amounts add up to `amount`.
 */
export function statementCsv(d: StatementData): string {
  const row = (values: Partial<Record<(typeof STATEMENT_CSV_COLUMNS)[number], string | null>>) => STATEMENT_CSV_COLUMNS.map((c) => (c === 'reference' ? d.reference : c === 'currency' ? d.currency : (values[c] ?? '')));
  const rows = d.shares.flatMap((s) => [
    ...d.lines
      .filter((l) => l.share_type === s.share_type)
      .map((l) => row({ record: 'line', revenue_source: l.reference_id, share_type: l.share_type, revenue_type: l.revenue_type, revenue_usd: l.revenue_usd, currency_rate: d.currency_rate, revenue: l.revenue, amount: l.amount })),
    row({ record: 'share', share_type: s.share_type, revenue_usd: s.revenue_usd, currency_rate: d.currency_rate, revenue: s.revenue, formula: s.formula_text, percentage: d.share_percentage, amount: s.amount }),
  ]);
  const carried = d.carried ? [row({ record: 'brought_forward', formula: `from ${d.carried.from.slice(0, 7)}`, amount: d.carried.amount })] : [];
  const totals = [
    ...carried,
    row({ record: 'amount', amount: d.amount }),
    row({ record: 'vat', formula: d.reverse_charge ? 'reverse charge' : null, percentage: d.vat_percentage, amount: d.vat_amount }),
    row({ record: 'wht', percentage: d.wht_percentage, amount: d.wht_amount }),
    row({ record: 'fee', amount: d.fee }),
    row({ record: 'total', amount: d.total_amount }),
  ];
  return csvText([[...STATEMENT_CSV_COLUMNS], ...rows, ...totals]);
}
