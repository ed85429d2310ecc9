/**
 * A message key may carry its limit after a colon (`too_long:255`), a date (`after_date:2026-03-01`), or
 * a detail after a colon and a space (`missing_currency_rate: USD->EUR`); this gives the key and the
 * count, date or detail back. Its own module: the client's translations use it from
 * the first page on, without the validation structs and the money module that `core.ts` brings.
 */
export function splitMessageKey(message: string): { key: string; count?: number; date?: string; detail?: string } {
  const m = /^([a-z_]+):(\d+)$/.exec(message);
  if (m) return { key: m[1], count: Number(m[2]) };
  const d = /^([a-z_]+):(\d{4}-\d{2}-\d{2})$/.exec(message);
  if (d) return { key: d[1], date: d[2] };
  const x = /^([a-z_]+): (.+)$/.exec(message);
  return x ? { key: x[1], detail: x[2] } : { key: message };
}
