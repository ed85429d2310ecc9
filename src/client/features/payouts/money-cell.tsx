import type { PaymentsSummaryRow } from '../../../shared/entities/payment';
import { useAtomValue } from 'jotai';
import { formatMoney } from '../../kit/grid';
import { languageAtom } from '../../lib/i18n';

/** A decimal string with its currency in the user's language (never through a JS number). */
export function Money({ value, currency }: { value: string; currency: string }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatMoney(value, currency, lng)}</>;
}

/** Sums of payments in one currency: a summary row, a file, a preview's totals. */
export type PaymentSums = Omit<PaymentsSummaryRow, 'organization_id' | 'organization_name'>;

/** The count, amount, VAT, WHT and total cells of a table row of payment sums, right-aligned. */
export function PaymentSumCells({ sums }: { sums: PaymentSums }) {
  return (
    <>
      <td data-num="">{sums.payments_count}</td>
      {([sums.amount, sums.vat_amount, sums.wht_amount, sums.total_amount] as const).map((value, i) => (
        <td key={i} data-num="">
          <Money value={value} currency={sums.currency} />
        </td>
      ))}
    </>
  );
}

/** A row of payments per organization and currency (the bucket's summary, the run preview's totals). */
export function PaymentsSummaryTableRow({ row }: { row: PaymentsSummaryRow }) {
  return (
    <tr>
      <th scope="row">{row.organization_name}</th>
      <td>{row.currency}</td>
      <PaymentSumCells sums={row} />
    </tr>
  );
}
