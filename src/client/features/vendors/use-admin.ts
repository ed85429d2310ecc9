import { useCommandEnvironment } from '../../commands/context';

/** Admin-only fields (spec 2, 6): number on create, sources external and internal, paypal, confirmation document, self-billing once confirmed. */
export function useIsAdmin(): boolean {
  return useCommandEnvironment().roles.includes('admin');
}
