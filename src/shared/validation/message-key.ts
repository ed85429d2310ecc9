/**
 * A message key may carry its limit after a colon (`too_long:255`); this gives the key and the count
 * back. Its own module: the client's translations use it from the first page on, without the
 * validation structs and the money module that `core.ts` brings.
 */
export function splitMessageKey(message: string): { key: string; count?: number } {
  const m = /^([a-z_]+):(\d+)$/.exec(message);
  return m ? { key: m[1], count: Number(m[2]) } : { key: message };
}
