import { useAtomValue } from 'jotai';
import { languageAtom } from '../../lib/i18n';
import { formatDecimal, trimDecimalZeros } from './format-money';

/** A decimal string with grouping in the user's language (spec 1, 9), never through a JS number. */
/** `trim`: drop the zeros a NUMERIC column pads with ('19.0000' → 19, '0.9215000000' → 0.9215). */
export function DecimalText({ value, minFraction = 2, trim = false }: { value: string | null | undefined; minFraction?: number; trim?: boolean }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatDecimal(trim ? trimDecimalZeros(value) : value, lng, minFraction)}</>;
}
