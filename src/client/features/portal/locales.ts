import { CONTENT_LOCALES } from '../../../shared/locales';
import type { FilterField } from '../../kit/grid/filters';

/** The content locales (en, de, es, fr, it, nl, pl) with their translated names, for selects and the filter. */
export const localeOptions = CONTENT_LOCALES.map((locale) => ({ value: locale as string, label: `portal.locales.${locale}` }));

/** The 'locale' filter all three portal lists have. */
export const localeFilter: FilterField & { name: 'locale' } = { kind: 'select', name: 'locale', label: 'portal.locale', options: localeOptions };
