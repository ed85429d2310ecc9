import { useState } from 'react';
import { mutate } from 'swr';
import type { Payment } from '../../../shared/entities/payment';
import { check } from '../../../shared/validation/core';
import { advanceStruct } from '../../../shared/validation/advances';
import { api, type FieldErrors } from '../../api/client';
import { DateField, MoneyField, TextAreaField } from '../../kit/fields';
import { todayIso } from '../../kit/fields/dates';
import { invalidateLists } from '../../kit/grid/use-list';
import { useT } from '../../lib/i18n';
import { ActionDialog, firstError } from './action-dialog';
import { CONTRACTS_API } from './refresh';

export interface AdvanceDialogProps {
  contractId: number;
  contractVendorId: number;
  vendorId: number;
  vendorName: string;
  /** The contract's currency: the advance is paid in it. */
  currency: string;
}

/** The payment lists and the vendor's balance show the advance (a payment, and a negative ledger entry). */
function refreshAdvanceViews(vendorId: number): void {
  void invalidateLists('payments');
  void invalidateLists('balance_entries');
  void mutate(`/api/vendors/${vendorId}/balance`);
}

/**
 * Record advance (DOMAIN.md "Payment run" step 8): a payments admin pays a contract vendor ahead of its
 * earnings; later payment runs recoup it. Amount in the contract's currency, a required reason and the
 * date (today unless changed), checked with the server's struct before sending; its 422 lands on the fields.
 */
export function AdvanceDialog({ contractId, contractVendorId, vendorId, vendorName, currency }: AdvanceDialogProps) {
  const t = useT();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(todayIso);
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const values = { amount, reason, date };
  const checked = () => check(advanceStruct(), values);
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors(undefined);
  };
  return (
    <ActionDialog
      contractId={contractId}
      title="contracts.advance_title"
      submitLabel="contracts.advance_title"
      done="contracts.done.record_advance"
      doneValues={(payment) => ({ reference: (payment as Payment | undefined)?.reference ?? '' })}
      onDone={() => refreshAdvanceViews(vendorId)}
      errors={errors}
      setErrors={setErrors}
      check={(): FieldErrors => {
        const result = checked();
        return result.ok ? {} : result.errors;
      }}
      send={() => {
        const result = checked();
        return api.post<Payment>(`${CONTRACTS_API}/${contractId}/contract_vendors/${contractVendorId}/advances`, { advance: result.ok ? result.value : values });
      }}
    >
      <p>{t('contracts.advance_for', { name: vendorName })}</p>
      <MoneyField
        label="contracts.fields.advance_amount"
        hint="contracts.hints.advance_amount"
        currency={currency}
        allowNegative={false}
        value={amount}
        onChange={change(setAmount)}
        required
        error={firstError(errors, 'amount')}
        autoFocus
      />
      <TextAreaField label="contracts.fields.advance_reason" value={reason} onChange={change(setReason)} required error={firstError(errors, 'reason')} />
      <DateField label="contracts.fields.advance_date" value={date} onChange={change(setDate)} required error={firstError(errors, 'date')} />
    </ActionDialog>
  );
}
