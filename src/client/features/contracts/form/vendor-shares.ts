import type { PaymentMethod } from '../../../../shared/entities/vendor';
import { compare, isDecimal, toDecimal } from '../../../../shared/money';
import { shareTotal } from '../../../../shared/validation/contracts';
import { withCount } from '../../../../shared/validation/core';
import type { Translate } from '../../../lib/i18n';

/** The running total of the shares as a decimal string ('' while one of them is not a number). */
export function totalText(shares: readonly string[]): string {
  const total = shareTotal(shares);
  return total ? total.toString() : '';
}

/** Whether the shares total exactly 100 (decimal.js: 33.3333 + 33.3333 + 33.3334 is 100). */
export const totalIsHundred = (total: string): boolean => total !== '' && compare(total, '100') === 0;

/** The cell editor's check of one share: a decimal from 0 to 100 (spec 2, 5), else the message key. */
export function shareError(value: string): string | undefined {
  if (!isDecimal(value)) return 'invalid';
  const d = toDecimal(value);
  if (d.lessThan(0)) return withCount('greater_than_or_equal_to', 0);
  if (d.greaterThan(100)) return withCount('less_than_or_equal_to', 100);
  return undefined;
}

/** A payment method as one line: holder and account, PayPal address, the payee, or none. */
export function methodLabel(m: PaymentMethod, t: Translate): string {
  switch (m.type) {
    case 'bank':
      return [m.account_holder, m.iban ?? m.account_number].filter(Boolean).join(' · ');
    case 'paypal':
      return `PayPal · ${m.email}`;
    case 'alternative_payee':
      return t('contract_form.vendors.payee', { name: m.vendor.name });
    default:
      return t('contract_form.vendors.no_account');
  }
}
