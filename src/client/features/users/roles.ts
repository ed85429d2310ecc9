import { useMemo } from 'react';
import { LEGACY_ROLES } from '../../../shared/roles';
import { EXCLUSIVE_ROLES } from '../../../shared/validation/users';
import { useInitData } from '../../api/init-data';
import type { SelectOption } from '../../kit/fields';

/** The roles staff can give (init data) and the legacy `approve_contracts` the spec still names; labels `users.roles.<role>`. */
export function useRoleOptions(): SelectOption[] {
  const { roles_available } = useInitData();
  return useMemo(() => [...new Set([...roles_available, ...LEGACY_ROLES])].map((role) => ({ value: role, label: `users.roles.${role}` })), [roles_available]);
}

/** Roles that cannot be chosen beside the chosen ones: contracts and approve_contracts exclude each other (spec 1, 4). */
export function excludedRoles(chosen: readonly string[]): string[] {
  const taken = EXCLUSIVE_ROLES.filter((role) => chosen.includes(role));
  return taken.length === 1 ? EXCLUSIVE_ROLES.filter((role) => role !== taken[0]) : [];
}
