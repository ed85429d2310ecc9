import { object, type Infer } from 'superstruct';
import { required, type ValidationResult } from './core.js';
import { trimmed, validateWith } from './fields.js';

/** Payment bucket form (spec 3, 5.1): the name is required (`blank`). */
export const paymentBucketStruct = () => object({ name: required(trimmed()) });

export type PaymentBucketInput = Infer<ReturnType<typeof paymentBucketStruct>>;

export function validatePaymentBucket(value: unknown): ValidationResult<PaymentBucketInput> {
  return validateWith(paymentBucketStruct(), value);
}
