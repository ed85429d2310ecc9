import { useAtomValue } from 'jotai';
import { languageAtom, useT } from '../../lib/i18n';
import { formatDate, formatDecimal, formatTimestamp, trimDecimalZeros } from './format';

/**
 * List cells in the user's language (spec 1, 9): `<Timestamp>` 'd MMM yyyy, H:mm:ss', `<DateText>`
 * 'd MMM yyyy', `<DecimalText>` a decimal string with grouping (never through a JS number).
 */
export function Timestamp({ value }: { value: string | null | undefined }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatTimestamp(value, lng)}</>;
}

export function DateText({ value }: { value: string | null | undefined }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatDate(value, lng)}</>;
}

/** `trim`: drop the zeros a NUMERIC column pads with ('19.0000' → 19, '0.9215000000' → 0.9215). */
export function DecimalText({ value, minFraction = 2, trim = false }: { value: string | null | undefined; minFraction?: number; trim?: boolean }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatDecimal(trim ? trimDecimalZeros(value) : value, lng, minFraction)}</>;
}

/** A flag as 'yes' / 'no' (spec 1, 2.8: content owners' fetch_stats and active). */
export function YesNo({ value }: { value: boolean | null | undefined }) {
  const t = useT();
  return <>{t(value ? 'grid.yes' : 'grid.no')}</>;
}
