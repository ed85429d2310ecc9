/**
 * Record lookups for the palette: each area registers how to find its records by text and where a
 * found record opens. The palette asks every lookup the user's roles allow.
 */
export interface LookupHit {
  id: number | string;
  label: string;
  detail?: string;
}

export interface Lookup {
  id: string;
  /** Translation key naming the kind of record (group label in the palette). */
  title: string;
  roles?: readonly string[];
  search(q: string, signal: AbortSignal): Promise<LookupHit[]>;
  href(hit: LookupHit): string;
}

const lookups = new Map<string, Lookup>();

export function registerLookups(list: Lookup[]): void {
  for (const l of list) lookups.set(l.id, l);
}

export function allLookups(): Lookup[] {
  return [...lookups.values()];
}
