import { useAtomValue } from 'jotai';
import { languageAtom, useT } from '../../lib/i18n';
import { formatDisplayMonth } from '../fields/dates';
import { formatDate, formatTimestamp } from './format';
import { formatMoney } from './format-money';

/**
 * List cells in the user's language (spec 1, 9): `<Timestamp>` 'd MMM yyyy, H:mm:ss', `<DateText>`
 * 'd MMM yyyy', `<MonthText>` 'MM.yyyy', `<MoneyText>` '1,234.50 EUR' (`<DecimalText>` is in
 * decimal-text.tsx, with the money module).
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

/** A month (`2026-09-01`) as the month fields show it: `09.2026`. */
export function MonthText({ value }: { value: string | null | undefined }) {
  return <>{formatDisplayMonth(value)}</>;
}

/** An amount (a decimal string, signed) in its currency's minor units with the code, never through a JS number. */
export function MoneyText({ value, currency }: { value: string | null | undefined; currency: string | null | undefined }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatMoney(value, currency || undefined, lng)}</>;
}
