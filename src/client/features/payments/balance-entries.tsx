import type { BalanceEntry } from '../../../shared/entities/balance-entry';
import type { Payment } from '../../../shared/entities/payment';
import { DetailsTable } from '../../kit/details-section';
import { MoneyText, MonthText } from '../../kit/grid';
import { useT } from '../../lib/i18n';

/** An entry a payment pays, as the payment's read carries it (DOMAIN.md "The ledger's API"). */
export type PaidBalanceEntry = Pick<BalanceEntry, 'id' | 'kind' | 'amount' | 'currency' | 'month' | 'description' | 'payout_id'>;

/**
 * The balance entries a payment pays (issue 23): its own earnings and what was carried to it (a sub-minimum
 * balance, a reversal or an advance recouped), each with its kind, month, description and signed amount.
 * A payment read before the ledger existed carries none.
 */
export function PaymentBalanceEntries({ payment }: { payment: Payment & { balance_entries?: readonly PaidBalanceEntry[] } }) {
  const t = useT();
  return (
    <DetailsTable<PaidBalanceEntry>
      caption={t('payments.fields.balance_entries')}
      empty="payments.balance_entries_empty"
      columns={['vendors.balance.fields.kind', 'vendors.balance.fields.month', 'vendors.balance.fields.description', { key: 'vendors.balance.fields.amount', num: true }]}
      items={payment.balance_entries ?? []}
      row={(e) => (
        <tr key={e.id}>
          <th scope="row">{t(`vendors.balance.kinds.${e.kind}`)}</th>
          <td>
            <MonthText value={e.month} />
          </td>
          <td>{e.description}</td>
          <td data-num="">
            <MoneyText value={e.amount} currency={e.currency} />
          </td>
        </tr>
      )}
    />
  );
}
