/**
 * Fuzzy match for the palette: every query character must appear in order. An exact title, then a
 * prefix, then a substring rank above scattered hits; among those, consecutive runs, word starts and
 * an early first hit score higher. Returns 0 for no match.
 */
export function fuzzyScore(text: string, query: string): number {
  const hay = text.toLowerCase();
  const needle = query.toLowerCase().trim();
  if (!needle) return 1;
  const direct = hay.indexOf(needle);
  // The whole text first, then texts that start with the query (shorter ones first: "New FAQ" before
  // "New FAQ section"), then the query inside a text, then scattered characters.
  if (hay === needle) return 200;
  if (direct === 0) return 150 - Math.min(hay.length - needle.length, 40);
  if (direct !== -1) return 80 - Math.min(direct, 15) + (/\W/.test(hay[direct - 1]) ? 20 : 0);
  let score = 0;
  let pos = -1;
  let run = 0;
  for (const ch of needle) {
    if (ch === ' ') continue;
    const next = hay.indexOf(ch, pos + 1);
    if (next === -1) return 0;
    run = next === pos + 1 ? run + 1 : 0;
    const wordStart = next === 0 || /[\s\-_./]/.test(hay[next - 1]);
    score += 1 + run * 2 + (wordStart ? 3 : 0);
    pos = next;
  }
  return Math.max(1, Math.min(60, score));
}

/** The best score over several texts (a title and its keywords). */
export function bestScore(texts: string[], query: string): number {
  return Math.max(0, ...texts.map((t) => fuzzyScore(t, query)));
}
