import { useAtomValue } from 'jotai';
import { formatMoney } from '../../kit/grid';
import { languageAtom } from '../../lib/i18n';

/** A decimal string with its currency in the user's language (never through a JS number). */
export function Money({ value, currency }: { value: string; currency: string }) {
  const lng = useAtomValue(languageAtom);
  return <>{formatMoney(value, currency, lng)}</>;
}
