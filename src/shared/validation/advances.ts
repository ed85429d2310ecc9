import { object } from 'superstruct';
import { atLeast, isoDate, required } from './core.js';
import { decimalText, trimmed } from './fields.js';

/**
 * An advance for a contract vendor (DOMAIN.md "Payment run" step 8, "The ledger's API"):
 * `POST /api/contracts/{contractId}/contract_vendors/{id}/advances` with `{advance: {amount, reason, date}}`.
 * The amount is in the contract's currency, a cent at least; the date is the advance's payment date.
 */
export const advanceStruct = () =>
  object({
    amount: required(atLeast(decimalText(12, 2), '0.01')),
    reason: required(trimmed(2000)),
    date: required(isoDate()),
  });
