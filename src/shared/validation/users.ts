import { object, type Infer } from 'superstruct';
import { ALL_ROLES } from '../roles.js';
import { addError, type FieldErrors, oneOf, required, type ValidationResult } from './core.js';
import { asList, emailAddress, flag, list, trimmed, validateWith } from './fields.js';

/** User form (spec 1, 2.12 and 5). */
export const userStruct = () =>
  object({
    first_name: required(trimmed()),
    last_name: required(trimmed()),
    email: required(emailAddress()),
    roles: list(oneOf(ALL_ROLES)),
    disabled: flag(),
  });

export type UserInput = Infer<ReturnType<typeof userStruct>>;

/** The roles that exclude each other (spec 1, 4): choosing one disables the other. */
export const EXCLUSIVE_ROLES = ['contracts', 'approve_contracts'] as const;

export function userRules(raw: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const roles = asList(raw.roles);
  if (Array.isArray(roles) && EXCLUSIVE_ROLES.every((r) => roles.includes(r))) addError(errors, ['roles'], 'exclusive');
  return errors;
}

export function validateUser(value: unknown): ValidationResult<UserInput> {
  return validateWith(userStruct(), value, userRules);
}
