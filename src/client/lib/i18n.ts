import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { splitMessageKey } from '../../shared/validation/message-key';

export type Translations = { [key: string]: string | Translations };
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: string, vars?: TranslateVars) => string;

export const LANGUAGES = ['en', 'de'] as const;
const STORAGE_KEY = 'remit.language';

/**
 * The locale the widgets format and speak in (react-aria's own strings such as "Show suggestions",
 * calendars, month names): German as in Germany, English with day-month dates.
 */
export const uiLocale = (lng: string): string => (lng === 'de' ? 'de-DE' : 'en-GB');

export function initialLanguage(): string {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved;
  const nav = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return (LANGUAGES as readonly string[]).includes(nav) ? nav : 'en';
}

export function saveLanguage(lng: string): void {
  localStorage.setItem(STORAGE_KEY, lng);
}

export const languageAtom = atom<string>(initialLanguage());
export const translationsAtom = atom<Translations | null>(null);

function lookup(tree: Translations | null, key: string): string | undefined {
  let node: string | Translations | undefined = tree ?? undefined;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `t('banks.created')`, with `{name}` placeholders; a missing key shows the key, so gaps are visible. */
export function makeTranslate(tree: Translations | null): Translate {
  return (key, vars) => {
    const text = lookup(tree, key) ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/** Whether a key exists (for optional texts such as a field's hint). */
export function hasTranslation(tree: Translations | null, key: string): boolean {
  return lookup(tree, key) !== undefined;
}

/** A date of a message key as the spec displays dates (dd.MM.yyyy). */
const formatIsoDate = (iso: string) => iso.split('-').reverse().join('.');

/** Text of a validation message key (`blank`, `too_long:255`), phrased to follow a label: "is too long (at most 255 characters)". */
export function errorText(t: Translate, message: string): string {
  const { key, count, date, detail } = splitMessageKey(message);
  if (date !== undefined) return t(`form_errors.${key}`, { date: formatIsoDate(date) });
  if (detail !== undefined) return t(`form_errors.${key}`, { detail });
  return t(`form_errors.${key}`, count === undefined ? undefined : { count });
}

export function useT(): Translate {
  const tree = useAtomValue(translationsAtom);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback(makeTranslate(tree), [tree]);
}

export async function loadTranslations(lng: string): Promise<Translations> {
  const res = await fetch(`/config/locales/${encodeURIComponent(lng)}.json`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`translations ${lng}: HTTP ${res.status}`);
  return (await res.json()) as Translations;
}
