import { compare } from '../../../shared/money';
import { formatDecimal, formatMoney, trimDecimalZeros } from '../../kit/grid/format-money';
import type { Translate } from '../../lib/i18n';
import type { RevenueShare } from './contract';

const nonZero = (v: string | null): v is string => v !== null && v !== '' && compare(v, '0') !== 0;

/**
 * One revenue share as the list shows it (spec 2, 2): the percentage, plus the baseline, the fixed
 * amount or the cap amount when it is not zero; `all: 30 % (baseline 100.00 EUR)`.
 */
export function revenueShareText(share: RevenueShare, currency: string, t: Translate, lng: string): string {
  const type = t(`contracts.share_types.${share.type}`);
  const percent = share.rev_share !== null ? `${formatDecimal(trimDecimalZeros(share.rev_share), lng, 0)} %` : '';
  const money = (v: string) => formatMoney(v, currency, lng);
  let extra = '';
  if (share.formula === 'rev_share' && nonZero(share.baseline))
    extra = t('contracts.share_text.baseline', {
      amount: money(share.baseline),
    });
  if (share.formula === 'cap' && nonZero(share.threshold)) extra = t('contracts.share_text.cap', { amount: money(share.threshold) });
  if (share.formula === 'fixed_income') return `${type}: ${t('contracts.share_text.fixed', { amount: money(share.fixed_income ?? '0') })}`;
  return `${type}: ${percent}${extra ? ` (${extra})` : ''}`;
}
