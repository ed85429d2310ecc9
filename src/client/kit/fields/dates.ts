/**
 * Dates in the form: shown as dd.MM.yyyy (spec 9), held and sent as yyyy-MM-dd. Months are held as the
 * first of the month (yyyy-MM-01) and shown as MM.yyyy. Plain strings, no time zone involved.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1000 || y > 9999) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

export function isoDate(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** 'dd.MM.yyyy' (also d.M.yyyy, dd.MM.yy and a pasted yyyy-MM-dd) → 'yyyy-MM-dd'; null when unreadable. */
export function parseDisplayDate(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(s);
  if (m) {
    const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return validDay(y, Number(m[2]), Number(m[1])) ? isoDate(y, Number(m[2]), Number(m[1])) : null;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3])) ? s : null;
  return null;
}

/** 'yyyy-MM-dd' (or a timestamp starting with it) → 'dd.MM.yyyy'; '' for empty or unreadable. */
export function formatDisplayDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** 'MM.yyyy' (also M.yyyy, a pasted yyyy-MM or yyyy-MM-dd) → 'yyyy-MM-01'; null when unreadable. */
export function parseDisplayMonth(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{1,2})[./](\d{4})$/.exec(s);
  if (m) return validDay(Number(m[2]), Number(m[1]), 1) ? isoDate(Number(m[2]), Number(m[1]), 1) : null;
  m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(s);
  if (m) return validDay(Number(m[1]), Number(m[2]), 1) ? isoDate(Number(m[1]), Number(m[2]), 1) : null;
  return null;
}

export function formatDisplayMonth(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[2]}.${m[1]}` : '';
}

/** Today as yyyy-MM-dd in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** Whether the month of `iso` lies after the current month. */
export function isFutureMonth(iso: string, now: Date = new Date()): boolean {
  return iso.slice(0, 7) > todayIso(now).slice(0, 7);
}
