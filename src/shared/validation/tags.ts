import { object, type Infer } from 'superstruct';
import { blankable, hexColor, required, type ValidationResult } from './core.js';
import { trimmed, validateWith } from './fields.js';

/** Tag form (spec 1, 2.11): a name; the color is optional. */
export const tagStruct = () =>
  object({
    name: required(trimmed()),
    color: blankable(hexColor()),
  });

export type TagInput = Infer<ReturnType<typeof tagStruct>>;

export function validateTag(value: unknown): ValidationResult<TagInput> {
  return validateWith(tagStruct(), value);
}
