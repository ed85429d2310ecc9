import { mutate } from 'swr';

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

/** Lets something other than SWR (a split-pane detail, a counter) hear that a resource changed. */
export function onInvalidate(resource: string, listener: Listener): () => void {
  const set = listeners.get(resource) ?? new Set();
  set.add(listener);
  listeners.set(resource, set);
  return () => set.delete(listener);
}

/**
 * Reloads everything loaded from a resource: `invalidateResource('/api/banks')` revalidates every SWR
 * key that starts with that path (lists, lookups, records) and tells the listeners.
 */
export function invalidateResource(resource: string): void {
  void mutate((key) => {
    const first = Array.isArray(key) ? key[0] : key;
    return typeof first === 'string' && (first === resource || first.startsWith(`${resource}/`) || first.startsWith(`${resource}?`));
  });
  listeners.get(resource)?.forEach((l) => l());
}
