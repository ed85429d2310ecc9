import { transliterate } from 'transliteration';

/**
 * The EPC's SEPA character set (EPC217-08): Latin letters, digits and `/ - ? : ( ) . , ' +` and space.
 * Banks reject or garble anything else, so every name and text of a SEPA file is mapped into it.
 */
export const EPC_CHARACTER = /^[A-Za-z0-9/\-?:().,'+ ]$/;
export const EPC_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/**
 * Our own map for what transliteration leaves outside the set (or would turn into something outside
 * it: it writes `«` as `<<`): `&` → `+`, guillemets → parentheses; every other character becomes a
 * space. Runs of spaces collapse and the ends are trimmed, so a dropped character leaves no gap.
 */
const BEFORE: Record<string, string> = { '«': '(', '»': ')', '‹': '(', '›': ')' };
const AFTER: Record<string, string> = { '&': '+' };

/** `text` in the EPC character set (transliterated: `Müller & Søn – «Ltd»` → `Muller + Son - (Ltd)`). */
export function epcText(text: string): string {
  const pre = [...text].map((c) => BEFORE[c] ?? c).join('');
  const latin = transliterate(pre, { unknown: ' ' });
  return [...latin]
    .map((c) => AFTER[c] ?? (EPC_CHARACTER.test(c) ? c : ' '))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** `epcText` cut to `max` characters (names 70, remittance 140), without a trailing space. */
export const epcCut = (text: string, max: number): string => epcText(text).slice(0, max).trimEnd();
