import { object, type Infer } from 'superstruct';
import { isoDate, required, addError, type FieldErrors, type ValidationResult } from './core.js';
import { asList, list, validateWith, wholeNumber } from './fields.js';

/** The first day of the month `today` falls in, as `yyyy-MM-dd` (UTC). */
export function firstOfMonth(today: Date): string {
  return `${today.toISOString().slice(0, 7)}-01`;
}

/** Whether `value` is a first-of-month date (`2026-10-01`). */
export const isFirstOfMonth = (value: string): boolean => /^\d{4}-\d{2}-01$/.test(value);

/** "Create vendor files" (spec 2, 5): a month (first day, not in the future) and at least one organization. */
export const createVendorFilesStruct = () =>
  object({
    month: required(isoDate()),
    organization_ids: list(wholeNumber()),
  });

export type CreateVendorFilesInput = Infer<ReturnType<typeof createVendorFilesStruct>>;

/** The rules a struct cannot say: first-of-month, no future month, at least one organization. */
function monthAndOrganizationRules(raw: Record<string, unknown>, today: Date): FieldErrors {
  const errors: FieldErrors = {};
  const month = raw.month;
  if (typeof month === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(month)) {
    if (!isFirstOfMonth(month)) addError(errors, ['month'], 'invalid');
    else if (month > firstOfMonth(today)) addError(errors, ['month'], 'in_future');
  }
  const ids = asList(raw.organization_ids);
  if (Array.isArray(ids) && ids.length === 0) addError(errors, ['organization_ids'], 'too_few');
  return errors;
}

export function validateCreateVendorFiles(value: unknown, today = new Date()): ValidationResult<CreateVendorFilesInput> {
  const result = validateWith(createVendorFilesStruct(), value, (raw) => monthAndOrganizationRules(raw, today));
  if (!result.ok) return result;
  return { ok: true, value: { ...result.value, organization_ids: [...new Set(result.value.organization_ids)] } };
}
