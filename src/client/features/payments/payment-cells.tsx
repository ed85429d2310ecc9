import type { Payment, PaymentState } from '../../../shared/entities/payment';
import { StateChip, type ChipTone } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import { Money } from '../payouts/money-cell';

/** Spec 3, 4.1's chip colours. */
const TONES: Record<PaymentState, ChipTone> = {
  new: 'info',
  needs_correction: 'error',
  invoice_invalid: 'error',
  incorrect: 'error',
  cancelled: 'error',
  invoice_added: 'warning',
  exported: 'warning',
  payout_pending: 'warning',
  on_hold: 'neutral',
  paid_out: 'success',
};

export function PaymentStateChip({ state }: { state: PaymentState }) {
  const t = useT();
  return <StateChip tone={TONES[state]}>{t(`payments.states.${state}`)}</StateChip>;
}

export function PaymentType({ payment }: { payment: Pick<Payment, 'type'> }) {
  const t = useT();
  return <>{t(`payments.types.${payment.type}`)}</>;
}

/** An amount of the payment in its currency, never through a JS number. */
export function PaymentMoney({ payment, value }: { payment: Pick<Payment, 'currency'>; value: string }) {
  return <Money value={value} currency={payment.currency} />;
}
