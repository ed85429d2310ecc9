import useSWR from 'swr';
import { api } from '../../api/client';
import { SelectField, type SelectOption } from '../../kit/fields';
import type { SectionOption } from './types';

export interface FaqSectionFieldProps {
  /** The locale chosen in the form; no locale, no sections to offer. */
  locale: string;
  /** The FAQ's saved section, shown while the lookup loads. */
  current?: { id: number; name: string; locale: string };
}

/**
 * The FAQ form's section (spec 1, 2.14): the sections of the chosen locale, loaded from the lookup;
 * disabled until a locale is chosen (the form clears it when the locale changes).
 */
export function FaqSectionField({ locale, current }: FaqSectionFieldProps) {
  const key = locale ? `/portal-faq-sections/lookup?locale=${encodeURIComponent(locale)}` : null;
  const { data } = useSWR(key, (url: string) => api.get<SectionOption[]>(url), { revalidateOnFocus: false });
  const sections = data ?? (current && current.locale === locale ? [current] : []);
  const options: SelectOption[] = sections.map((s) => ({ value: s.id, label: s.name }));
  return (
    <SelectField name="portal_faq_section_id" options={options} translate={false} disabled={!locale} hint={locale ? undefined : 'portal_faqs.locale_first'} />
  );
}
