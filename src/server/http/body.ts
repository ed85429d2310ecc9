import type { Struct } from 'superstruct';
import { check } from '../../shared/validation/core.js';
import { ValidationFailed } from './errors.js';

/** Unwraps `{name: {...}}` and validates it with a shared struct; a 422 with field errors otherwise. */
export function parseBody<T, S>(body: unknown, name: string, struct: Struct<T, S>): T {
  const wrapped = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const result = check(struct, wrapped ?? {});
  if (!result.ok) throw new ValidationFailed(result.errors);
  return result.value;
}
