import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { languageAtom, uiLocale } from './i18n';

/** react-aria's own texts ("Show suggestions", "N options available", "Dismiss") follow the user's language. */
export function WidgetLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale={uiLocale(useAtomValue(languageAtom))}>{children}</I18nProvider>;
}
