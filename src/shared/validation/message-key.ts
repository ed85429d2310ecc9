/**
 * A message key may carry its limit after a colon (`too_long:255`), or a date (`after_date:2026-03-01`);
 * this gives the key and the count or date back. Its own module: the client's translations use it from
 * the first page on, without the validation structs and the money module that `core.ts` brings.
 */
export function splitMessageKey(message: string): { key: string; count?: number; date?: string } {
  const m = /^([a-z_]+):(\d+)$/.exec(message);
  if (m) return { key: m[1], count: Number(m[2]) };
  const d = /^([a-z_]+):(\d{4}-\d{2}-\d{2})$/.exec(message);
  return d ? { key: d[1], date: d[2] } : { key: message };
}
