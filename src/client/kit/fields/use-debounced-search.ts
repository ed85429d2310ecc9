import { useCallback, useEffect, useRef, useState } from 'react';

export interface DebouncedSearchOptions {
  /** Pause after the last keystroke before searching (spec 9: autocomplete 500 ms, location 1000 ms). */
  delay: number;
  /** Fewest characters that start a search (location: 3). */
  minChars?: number;
}

/**
 * Runs `search` once typing has paused; an older answer never overwrites a newer one (the previous
 * request is aborted). `query(text)` on every keystroke, `clear()` after a choice.
 */
export function useDebouncedSearch<T>(search: (text: string, signal: AbortSignal) => Promise<T[]>, { delay, minChars = 1 }: DebouncedSearchOptions) {
  const [results, setResults] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  const query = useCallback(
    (text: string) => {
      stop();
      if (text.trim().length < minChars) {
        setResults([]);
        setLoading(false);
        return;
      }
      setLoading(true);
      timer.current = setTimeout(() => {
        const c = new AbortController();
        controller.current = c;
        searchRef
          .current(text.trim(), c.signal)
          .then((found) => !c.signal.aborted && setResults(found))
          .catch(() => !c.signal.aborted && setResults([]))
          .finally(() => !c.signal.aborted && setLoading(false));
      }, delay);
    },
    [delay, minChars, stop],
  );

  const clear = useCallback(() => {
    stop();
    setResults([]);
    setLoading(false);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { results, loading, query, clear };
}

/** Results of a lookup call: a plain array or the list envelope. */
export function entriesOf<Item>(answer: unknown): Item[] {
  if (Array.isArray(answer)) return answer as Item[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as { entries?: unknown }).entries)) return (answer as { entries: Item[] }).entries;
  return [];
}
