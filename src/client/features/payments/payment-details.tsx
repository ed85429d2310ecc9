import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import type { Payment } from '../../../shared/entities/payment';
import { formatPercent } from '../../../shared/money-format';
import { DetailsTable } from '../../kit/details-section';
import { CommandButton } from '../../kit/grid';
import { formatDisplayMonth } from '../../kit/fields/dates';
import { formatDate, formatTimestamp, trimDecimalZeros } from '../../kit/grid';
import type { Fact } from '../../kit/record-details';
import { RecordDetails } from '../../kit/record-details';
import { languageAtom, useT } from '../../lib/i18n';
import { AddressText } from '../../lib/reference-names';
import { routePath } from '../../route-table';
import { Money } from '../payouts/money-cell';
import { PaymentStateChip } from './payment-cells';

const box = css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0, '& h3': { fontSize: 'sm', fontWeight: '600', m: 0, px: '3' } });
const tableBox = css({ px: '3', pb: '3', overflowX: 'auto' });

const fileRow = css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' });

/** What is known of an invoice or credit note, and its download (the command, for this payment). */
function PaymentFile({ payment, command, text }: { payment: Payment; command: string; text: (string | null)[] }) {
  return (
    <span className={fileRow}>
      {text.filter(Boolean).join(' · ')}
      <CommandButton command={command} size="sm" variant="ghost" extras={{ selection: { resource: 'payments', ids: [payment.id], rows: [payment] } }} />
    </span>
  );
}

/** The account a payment is paid to, frozen on it: IBAN and BIC, account number and bank key, or the PayPal address. */
function payeeAccount(p: Payment['payee'], t: ReturnType<typeof useT>): string {
  const account = p.iban ? [p.iban, p.bic] : p.account_number ? [p.account_number, p.bank_key] : [p.email];
  const method = p.method_type ? t(`vendors.payment_types.${p.method_type}`) : '—';
  return [method, ...account].filter(Boolean).join(' · ');
}

/** The payment's facts (spec 3, 3.1), with the payee it was made with; the fee only when it is not 0 (2.1); an advance's reason. */
export function paymentFacts(p: Payment, t: ReturnType<typeof useT>, lng: string): Fact[] {
  const money = (value: string) => <Money value={value} currency={p.currency} />;
  const pct = (value: string) => formatPercent(value, lng);
  const facts: Fact[] = [
    { label: 'payments.fields.state', value: <PaymentStateChip state={p.state} /> },
    { label: 'payments.fields.type', value: t(`payments.types.${p.type}`) },
    ...(p.type === 'advance' ? [{ label: 'payments.fields.advance_reason', value: p.advance_reason ?? '' }] : []),
    { label: 'payments.fields.vendor', value: `${p.vendor.number} · ${p.vendor.name}` },
    { label: 'payments.fields.organization', value: p.organization.name },
    { label: 'payments.fields.contract', value: <a href={routePath('contracts.show', { id: p.contract_id })}>{p.contract_id}</a> },
    { label: 'payments.fields.payee', value: [p.payee.name, p.payee.account_holder && p.payee.account_holder !== p.payee.name ? p.payee.account_holder : null].filter(Boolean).join(' · ') },
    { label: 'payments.fields.payee_account', value: payeeAccount(p.payee, t) },
    { label: 'payments.fields.payee_address', value: <AddressText parts={p.payee.address} /> },
    { label: 'payments.fields.period', value: `${formatDate(p.start_date, lng)} – ${formatDate(p.end_date, lng)}` },
    { label: 'payments.fields.amount', value: money(p.amount) },
    { label: 'payments.fields.vat_amount', value: <>{money(p.vat_amount)} ({p.reverse_charge ? t('payments.fields.reverse_charge') : pct(p.vat_percentage)})</> },
    { label: 'payments.fields.wht_amount', value: <>{money(p.wht_amount)} ({pct(p.wht_percentage)})</> },
  ];
  if (p.fee && trimDecimalZeros(p.fee) !== '0') facts.push({ label: 'payments.fields.fee', value: money(p.fee) });
  facts.push(
    { label: 'payments.fields.total_amount', value: <strong>{money(p.total_amount)}</strong> },
    // An advance converts nothing: it is paid as recorded, in the contract's currency.
    { label: 'payments.fields.currency_rate', value: p.type === 'advance' ? '' : `USD→${p.currency} ${trimDecimalZeros(p.currency_rate)}` },
    { label: 'payments.fields.due_date', value: formatDate(p.due_date, lng) },
    { label: 'payments.fields.paid_at', value: p.paid_at ? formatTimestamp(p.paid_at, lng) : '' },
    // An advance was made by no payout.
    { label: 'payments.fields.payout', value: p.payout ? <a href={routePath('payouts.show', { id: p.payout.id })}>{formatDisplayMonth(p.payout.month)}</a> : '' },
    { label: 'payments.fields.payment_bucket', value: p.payment_bucket?.name ?? '' },
    p.type === 'invoice'
      ? { label: 'payments.fields.invoice_attached_at', value: p.invoice_attached_at ? <PaymentFile payment={p} command="payments.download_invoice" text={[p.invoice_number, formatTimestamp(p.invoice_attached_at, lng)]} /> : '' }
      : { label: 'payments.fields.credit_note', value: p.credit_note_url ? <PaymentFile payment={p} command="payments.download_credit_note" text={[p.credit_note_type ? t(`contracts.credit_note_types.${p.credit_note_type}`) : null]} /> : '' },
    { label: 'payments.fields.cancelled_payment', value: p.cancelled_payment_id ? <a href={routePath('payments.show', { id: p.cancelled_payment_id })}>{p.cancelled_payment_id}</a> : '' },
  );
  return facts;
}

/** The payment's line items: per revenue source and share type, amounts right-aligned. */
export function LineItems({ payment: p }: { payment: Payment }) {
  const t = useT();
  return (
    <DetailsTable
      caption={t('payments.fields.line_items')}
      columns={[
        'payments.line_item_fields.revenue_source',
        'payments.line_item_fields.share_type',
        'payments.line_item_fields.revenue_type',
        { key: 'payments.line_item_fields.revenue', num: true },
        { key: 'payments.line_item_fields.amount', num: true },
      ]}
      items={p.line_items}
      row={(li) => (
        <tr key={li.id}>
          <th scope="row">{li.revenue_source ? li.revenue_source.reference_id : t('payments.brought_forward', { month: li.brought_forward_from?.slice(5, 7) + '.' + li.brought_forward_from?.slice(0, 4) })}</th>
          <td>{li.contract_revenue_share ? t(`payouts.payments.share_types.${li.contract_revenue_share.type}`) : '—'}</td>
          <td>
            {li.revenue_type
              .split(',')
              .map((r) => t(`payouts.revenue_types.${r}`))
              .join(', ')}
          </td>
          <td data-num="">
            <Money value={li.revenue} currency="USD" />
          </td>
          <td data-num="">
            <Money value={li.amount} currency={p.currency} />
          </td>
        </tr>
      )}
    />
  );
}

/** The focused row's details beside the list: its facts and line items. */
export function PaymentDetails({ payment }: { payment: Payment }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  return (
    <div className={box}>
      <RecordDetails title={t('payments.details_title', { reference: payment.reference })} facts={paymentFacts(payment, t, lng)} />
      <h3>{t('payments.fields.line_items')}</h3>
      <div className={tableBox}>
        <LineItems payment={payment} />
      </div>
    </div>
  );
}
