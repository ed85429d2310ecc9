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

/**
 * Diacritics (nonspacing marks) left separate (`b` + U+0301, typed on some keyboards or pasted from a PDF)
 * once NFC has composed what it can: dropped, so `Comb\u0301ining` is `Combining`, not `Comb ining`.
 */
const COMBINING = /\p{Mn}/gu;

/** `text` in the EPC character set (transliterated: `Müller & Søn – «Ltd»` → `Muller + Son - (Ltd)`). */
export function epcText(text: string): string {
  const pre = [...text.normalize('NFC').replace(COMBINING, '')].map((c) => BEFORE[c] ?? c).join('');
  const latin = transliterate(pre, { unknown: ' ' });
  return [...latin]
    .map((c) => AFTER[c] ?? (EPC_CHARACTER.test(c) ? c : ' '))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** `epcText` cut to `max` characters (names 70, remittance 140), without a trailing space. */
export const epcCut = (text: string, max: number): string => epcText(text).slice(0, max).trimEnd();

/**
 * Whether a name can be written in a SEPA file (issue 25 item 9): its EPC form keeps at least one letter
 * or digit. Checked when vendor names and account holders are entered, so that no payment is refused
 * when its bank file is made (an emoji-only name would be).
 */
export const isEpcName = (name: string): boolean => /[A-Za-z0-9]/.test(epcText(name));
