import { asList } from '../../../shared/validation/fields.js';

/** Lists given as the entity has them (`tags: [{id, name}]`) or as ids; the ids win. */
export function idsOf(value: unknown): unknown {
  const items = asList(value);
  if (!Array.isArray(items)) return value;
  return items.map((item) => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item));
}

/** A signer given as the entity has it (`{email}`) or as the address. */
export const emailOf = (value: unknown) => (value && typeof value === 'object' && 'email' in value ? (value as { email: unknown }).email : value);
