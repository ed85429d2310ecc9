import { bankMethodLabel, inBlocks } from '../vendors/format';
import type { Translate } from '../../lib/i18n';
import type { ContractVendor } from './contract';

/** The payment method a contract vendor is paid by, in one line. */
export function paymentMethodText(method: ContractVendor['vendor_payment_method'], t: Translate): string {
  if (!method) return '';
  const type = t(`vendors.payment_types.${method.type}`);
  switch (method.type) {
    case 'bank':
      return `${type}: ${bankMethodLabel(method)}`;
    case 'paypal':
      return `${type}: ${method.email}`;
    case 'alternative_payee':
      return `${type}: ${method.vendor.name} · ${inBlocks(method.source_payment_method.iban ?? method.source_payment_method.account_number)}`;
    default:
      return type;
  }
}
