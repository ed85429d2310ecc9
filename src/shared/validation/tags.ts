import { object, type Infer } from 'superstruct';
import { blankable, hexColor, required, type ValidationResult } from './core.js';
import { trimmed, validateWith } from './fields.js';

/**
 * A tag's chip colour when none is given: the spec's form has only the name, so new tags get this one
 * (and a blank colour sent by an API client falls back to it too).
 */
export const DEFAULT_TAG_COLOR = '#64748b';

/** Tag form (spec 1, 2.11): a name; the chip colour is optional and defaults on the server. */
export const tagStruct = () =>
  object({
    name: required(trimmed()),
    color: blankable(hexColor()),
  });

export type TagInput = Infer<ReturnType<typeof tagStruct>>;

export function validateTag(value: unknown): ValidationResult<TagInput> {
  return validateWith(tagStruct(), value);
}
