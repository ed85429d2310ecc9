import { object, refine, type Infer } from 'superstruct';
import { blankable, oneOf, required, type ValidationResult } from './core.js';
import { trimmed, validateWith, wholeNumber } from './fields.js';

/** Category types (spec 1, section 9). */
export const CATEGORY_TYPES = ['youtube_vertical'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/**
 * Category form (spec 1, 2.7 and 5). `index` is the position among the parent's children, 0 being the
 * first ("insert at beginning"); a larger index than there are siblings puts it last.
 */
export const categoryStruct = () =>
  object({
    name: required(trimmed()),
    type: required(oneOf(CATEGORY_TYPES)),
    parent_id: blankable(wholeNumber()),
    index: required(refine(wholeNumber(), 'atLeast', (v) => v >= 0 || 'greater_than_or_equal_to')),
  });

export type CategoryInput = Infer<ReturnType<typeof categoryStruct>>;

export function validateCategory(value: unknown): ValidationResult<CategoryInput> {
  return validateWith(categoryStruct(), value);
}
