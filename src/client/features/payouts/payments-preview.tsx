import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import type { Payout } from '../../../shared/entities/payout';
import type { PaymentsPreview, PaymentsPreviewContract, PaymentsPreviewVendor } from '../../../shared/entities/payments-preview';
import { formulaText } from '../../../shared/payment-math';
import { api, ApiError } from '../../api/client';
import { DetailsTable } from '../../kit/details-section';
import { formatDecimal, trimDecimalZeros } from '../../kit/grid';
import { StateChip } from '../../kit/state-chip';
import { errorText, languageAtom, useT } from '../../lib/i18n';
import { Money, PaymentsSummaryTableRow } from './money-cell';

/** A one-word cell (the payment type) that a crowded table must not break inside the word. */
const nowrap = css({ whiteSpace: 'nowrap' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '3', '& > h2': { fontSize: 'md', fontWeight: '600', m: 0 } });
const note = css({ m: 0, color: 'fg.muted', fontSize: 'sm' });
const bad = css({ m: 0, color: 'danger', fontSize: 'sm' });
const card = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', minW: 0 });
const cardHead = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', '& h3': { m: 0, fontSize: 'sm', fontWeight: '600' } });
const toggle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '28px',
  px: '1',
  bg: 'transparent',
  border: 'none',
  color: 'fg',
  font: 'inherit',
  fontWeight: '600',
  cursor: 'pointer',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '1px' },
});
const subHeading = css({ m: 0, fontSize: 'sm', fontWeight: '600' });
const formula = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' });
const split = css({ display: 'flex', flexDirection: 'column', m: 0, p: 0, listStyle: 'none', fontSize: 'xs' });

/** Contracts open at first when there are only a few; more stay folded behind their headings. */
const OPEN_UP_TO = 5;

function ContractPreview({ contract: c, initiallyOpen }: { contract: PaymentsPreviewContract; initiallyOpen: boolean }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  const headId = useId();
  // Every given digit, none added: `100.00` stays so, `1111.104` too.
  const num = (v: string) => formatDecimal(v, lng, v.split('.')[1]?.length ?? 0);
  const shareName = (type: string) => t(`payouts.payments.share_types.${type}`);
  return (
    <section className={card} aria-labelledby={headId}>
      <div className={cardHead}>
        <h3 id={headId}>
          <button type="button" className={toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            {t('payouts.payments.contract', { id: c.contract_id })}
          </button>
        </h3>
        <span className={note}>
          {t('payouts.payments.contract_facts', { organization: c.organization.name, type: c.contract_type, currency: c.currency, rate: num(trimDecimalZeros(c.currency_rate)) })}
        </span>
        {c.created && <StateChip tone="info">{t('payouts.payments.already_created')}</StateChip>}
      </div>
      <div id={bodyId} hidden={!open} className={css({ display: 'flex', flexDirection: 'column', gap: '3', overflowX: 'auto' })}>
        <DetailsTable
          caption={t('payouts.payments.shares_caption', { id: c.contract_id })}
          columns={[
            'payouts.payments.fields.share_type',
            'payouts.payments.fields.revenue_types',
            { key: 'payouts.payments.fields.sources', num: true },
            { key: 'payouts.payments.fields.revenue_usd', num: true },
            { key: 'payouts.payments.fields.revenue', num: true },
            'payouts.payments.fields.formula',
            { key: 'payouts.payments.fields.amount', num: true },
          ]}
          items={c.shares}
          row={(s) => (
            <tr key={s.share_type}>
              <th scope="row">{shareName(s.share_type)}</th>
              <td>{s.revenue_types.map((r) => t(`payouts.revenue_types.${r}`)).join(', ')}</td>
              <td data-num="">{s.sources_count}</td>
              <td data-num="">
                {s.revenue_reported.map((r) => (
                  <div key={r.currency}>
                    <Money value={r.revenue} currency={r.currency} />
                  </div>
                ))}
              </td>
              <td data-num="">{`${num(s.revenue)} ${c.currency}`}</td>
              <td className={formula}>{formulaText(s, s.revenue, s.amount, num)}</td>
              <td data-num="">
                <Money value={s.amount} currency={c.currency} />
              </td>
            </tr>
          )}
        />
        <DetailsTable
          caption={t('payouts.payments.vendors_caption', { id: c.contract_id })}
          columns={[
            'payouts.payments.fields.vendor',
            { key: 'payouts.payments.fields.share_percentage', num: true },
            'payouts.payments.fields.split',
            'payouts.payments.fields.type',
            'payouts.payments.fields.state',
            { key: 'payouts.carried.brought_forward', num: true },
            { key: 'payouts.payments.fields.amount', num: true },
            { key: 'payouts.payments.fields.vat_amount', num: true },
            { key: 'payouts.payments.fields.wht_amount', num: true },
            { key: 'payouts.payments.fields.total_amount', num: true },
          ]}
          items={c.vendors}
          row={(v) => (
            <tr key={v.contract_vendor_id}>
              <th scope="row">{`${v.vendor.number} · ${v.vendor.name}`}</th>
              <td data-num="">{`${num(trimDecimalZeros(v.share_percentage))}%`}</td>
              <td>
                <ul className={split}>
                  {v.shares.map((s) => (
                    <li key={s.share_type}>
                      {shareName(s.share_type)}: <Money value={s.amount} currency={c.currency} />
                    </li>
                  ))}
                </ul>
              </td>
              <td className={nowrap}>{t(`payouts.payments.types.${v.type}`)}</td>
              <td>
                <PreviewState vendor={v} currency={c.currency} />
              </td>
              <td data-num="">{v.brought_forward === '0.00' ? '' : <Money value={v.brought_forward} currency={c.currency} />}</td>
              {v.carried ? (
                // Nothing is paid: the balance carries to a later payout (the state says why).
                <td colSpan={4}>{t('payouts.carried.no_payment')}</td>
              ) : (
                <>
                  <td data-num="">
                    <Money value={v.amount} currency={c.currency} />
                  </td>
                  <td data-num="">
                    <Money value={v.vat_amount} currency={c.currency} /> ({v.reverse_charge ? t('payouts.payments.reverse_charge') : `${num(trimDecimalZeros(v.vat_percentage))}%`})
                  </td>
                  <td data-num="">
                    <Money value={v.wht_amount} currency={c.currency} /> ({`${num(trimDecimalZeros(v.wht_percentage))}%`})
                  </td>
                  <td data-num="">
                    <strong>
                      <Money value={v.total_amount} currency={c.currency} />
                    </strong>
                  </td>
                </>
              )}
            </tr>
          )}
        />
      </div>
    </section>
  );
}

/** The server's reason a preview cannot be computed (a missing rate names its pair), in the user's language. */
function failureText(t: ReturnType<typeof useT>, error: unknown): string {
  const key = error instanceof ApiError && error.errors ? Object.values(error.errors).flat()[0] : undefined;
  return typeof key === 'string' ? errorText(t, key) : t('payouts.payments.preview_failed');
}

/**
 * What the payment run would create now (`payments_preview`, computed by the run's own code): the totals
 * per organization and currency, then per contract its revenue by share type with the formula filled
 * in and each vendor's split, VAT, WHT and total. Contracts are sections with a disclosure button in
 * their heading, so a screen reader's heading list and Tab both walk them.
 */
export function PaymentsPreviewSection({ payout }: { payout: Payout }) {
  const t = useT();
  const { data, error, isLoading } = useSWR<PaymentsPreview>(`/api/payouts/${payout.id}/payments_preview`, (url: string) => api.get<PaymentsPreview>(url), { revalidateOnFocus: false, shouldRetryOnError: false });
  return (
    <section className={section} aria-labelledby="payout-payments-preview-heading" aria-busy={isLoading || undefined}>
      <h2 id="payout-payments-preview-heading">{t('payouts.payments.preview')}</h2>
      <p className={note}>{t('payouts.payments.preview_hint')}</p>
      {error ? (
        <p className={bad} role="alert">
          {failureText(t, error)}
        </p>
      ) : !data ? null : data.contracts.length === 0 ? (
        <p className={note}>{t('payouts.payments.preview_empty')}</p>
      ) : (
        <>
          <h3 className={subHeading}>{t('payouts.payments.totals')}</h3>
          <DetailsTable
            caption={t('payouts.payments.totals')}
            columns={[
              'payouts.payments.fields.organization',
              'payouts.payments.fields.currency',
              { key: 'payouts.payments.fields.payments_count', num: true },
              { key: 'payouts.payments.fields.amount', num: true },
              { key: 'payouts.payments.fields.vat_amount', num: true },
              { key: 'payouts.payments.fields.wht_amount', num: true },
              { key: 'payouts.payments.fields.total_amount', num: true },
            ]}
            items={data.totals}
            empty="payouts.payments.nothing_to_create"
            row={(r) => <PaymentsSummaryTableRow key={`${r.organization_id}|${r.currency}`} row={r} />}
          />
          {data.contracts.map((c) => (
            <ContractPreview key={c.contract_id} contract={c} initiallyOpen={data.contracts.length <= OPEN_UP_TO} />
          ))}
        </>
      )}
    </section>
  );
}

/** The payment the run would make, on hold with its contract vendor, or the balance carried and why. */
function PreviewState({ vendor: v, currency }: { vendor: PaymentsPreviewVendor; currency: string }) {
  const t = useT();
  if (v.carried)
    return (
      <>
        <StateChip tone="neutral">{t('payouts.carried.state')}</StateChip> {t(`payouts.carried.reasons.${v.carried}`)}
        {v.carried === 'below_minimum' ? (
          <>
            {' '}
            (<Money value={v.minimum_payout} currency={currency} />)
          </>
        ) : null}
      </>
    );
  return v.state === 'on_hold' ? <StateChip tone="neutral">{t('payouts.payments.states.on_hold')}</StateChip> : <StateChip tone="info">{t('payouts.payments.states.new')}</StateChip>;
}
