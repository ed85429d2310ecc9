import { useAtomValue } from 'jotai';
import { languageAtom, useT } from '../../lib/i18n';
import { formatDate, formatTimestamp } from './format';

/**
 * List cells in the user's language (spec 1, 9): `<Timestamp>` 'd MMM yyyy, H:mm:ss', `<DateText>`
 * 'd MMM yyyy' (`<DecimalText>` is in decimal-text.tsx, with the money module).
 */
export function Timestamp({ value }: { value: string | null | undefined }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatTimestamp(value, lng)}</>;
}

export function DateText({ value }: { value: string | null | undefined }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatDate(value, lng)}</>;
}

/** A flag as 'yes' / 'no' (spec 1, 2.8: content owners' fetch_stats and active). */
export function YesNo({ value }: { value: boolean | null | undefined }) {
  const t = useT();
  return <>{t(value ? 'grid.yes' : 'grid.no')}</>;
}
