import { useAtomValue } from 'jotai';
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import { useMemo } from 'react';
import { fullAddress, type AddressParts } from '../../shared/address';
import { useInitData } from '../api/init-data';
import { languageAtom } from './i18n';

// The country names of both languages, for showing in the user's and searching in both.
countries.registerLocale(de);
countries.registerLocale(en);

export interface NamedCountry {
  code: string;
  /** The name in the user's language. */
  name: string;
  /** Every name in the user's language and in English, and the code: what a search matches. */
  search: string;
}

export interface NamedCurrency {
  iso_code: string;
  symbol: string;
  /** The name in the user's language. */
  name: string;
}

const asList = (names: string | string[] | undefined): string[] => (names === undefined ? [] : Array.isArray(names) ? names : [names]);

/** A country's name in `lng` ('Deutschland'); the English one, then `fallback` or the code where it has none. */
export function countryName(code: string, lng: string, fallback?: string): string {
  return countries.getName(code, lng) ?? countries.getName(code, 'en') ?? fallback ?? code;
}

/** A currency's name in `lng` ('VAE-Dirham'), from the browser's own data; `fallback` or the code where it has none. */
export function currencyName(code: string, lng: string, fallback?: string): string {
  try {
    const name = new Intl.DisplayNames([lng], { type: 'currency', fallback: 'none' }).of(code);
    return name ?? fallback ?? code;
  } catch {
    return fallback ?? code;
  }
}

function countrySearch(code: string, lng: string): string {
  const names = new Set([...asList(countries.getName(code, lng, { select: 'all' })), ...asList(countries.getName(code, 'en', { select: 'all' }))]);
  return [...names, code].join(' | ');
}

/** The init data's countries named in the user's language and sorted by that name. */
export function useCountries(): NamedCountry[] {
  const lng = useAtomValue(languageAtom);
  const { countries: list } = useInitData();
  return useMemo(() => {
    const collator = new Intl.Collator(lng);
    return list
      .map((c) => ({ code: c.code, name: countryName(c.code, lng, c.name), search: countrySearch(c.code, lng) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [list, lng]);
}

/** The init data's currencies named in the user's language (kept in the server's order, by code). */
export function useCurrencies(): NamedCurrency[] {
  const lng = useAtomValue(languageAtom);
  const { currencies } = useInitData();
  return useMemo(() => currencies.map((c) => ({ ...c, name: currencyName(c.iso_code, lng, c.name) })), [currencies, lng]);
}

/** `code → name` in the user's language, for list cells and details. */
export function useCountryName(): (code: string) => string {
  const lng = useAtomValue(languageAtom);
  return useMemo(() => (code: string) => countryName(code, lng), [lng]);
}

/** An address on one line with the country named in the user's language (the API's `full_address` is English). */
export function AddressText({ parts }: { parts: AddressParts }) {
  return fullAddress(parts, useCountryName());
}
