import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { input } from 'styled-system/recipes';
import { decimalInputText, parseDecimalInput } from '../../../shared/money';
import { languageAtom } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { fieldStyles } from './styles';

export interface DecimalFieldProps extends FieldProps<string> {
  /** Most digits after the point (money 2); more is `invalid`. */
  scale?: number;
  /** Allow a minus sign (default true). */
  allowNegative?: boolean;
  /** Shown after the input: a currency code or symbol, '%'. */
  unit?: string;
  placeholder?: string;
}

/**
 * Numbers, money and percentages as decimal strings ('1234.56'), never JS numbers. People may write the
 * language's separator (`12,5` in German) or a point; the value is the wire decimal (`12.5`, money's
 * grammar). Anything else ('1.234,56', '12a', grouping) is kept as typed and flagged `invalid`.
 */
export function DecimalField({ scale, allowNegative = true, unit, placeholder, ...props }: DecimalFieldProps) {
  const b = useFieldBinding(props, '');
  const lng = useAtomValue(languageAtom);
  const shape = { fracDigits: scale, negative: allowNegative };
  const valueOf = (text: string) => parseDecimalInput(text, lng, shape) ?? text.trim();
  // The text as typed while it still means the bound value; a value set from outside is shown afresh.
  const [typed, setTyped] = useState<string | null>(null);
  const value = String(b.value);
  const shown = typed !== null && valueOf(typed) === value ? typed : decimalInputText(value, lng);
  // A negative number where none is allowed is readable: it gets the range message the struct gives
  // ('should be greater or equal to 0'), not 'invalid'.
  const problem = (text: string) =>
    text.trim() === '' || parseDecimalInput(text, lng, shape) !== undefined
      ? null
      : parseDecimalInput(text, lng, { ...shape, negative: true }) !== undefined
        ? 'greater_than_or_equal_to'
        : 'invalid';
  return (
    <Field binding={b} className={props.className}>
      {(aria) => {
        const unitId = unit ? `${aria.id}-unit` : undefined;
        return (
          <div className={fieldStyles.row}>
            <input
              {...aria}
              aria-describedby={[aria['aria-describedby'], unitId].filter(Boolean).join(' ') || undefined}
              name={b.name || undefined}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className={input()}
              style={{ textAlign: 'right' }}
              value={shown}
              disabled={b.disabled}
              readOnly={b.readOnly}
              placeholder={placeholder}
              autoFocus={props.autoFocus}
              onChange={(e) => {
                const text = e.target.value;
                setTyped(text);
                b.setValue(valueOf(text));
                b.setLocalError(problem(text));
              }}
              onBlur={b.touch}
            />
            {unit && (
              <span id={unitId} className={fieldStyles.adornment}>
                {unit}
              </span>
            )}
          </div>
        );
      }}
    </Field>
  );
}

/** Money: two decimals, with the currency shown beside it. */
export function MoneyField({ currency, ...props }: Omit<DecimalFieldProps, 'unit' | 'scale'> & { currency?: string; scale?: number }) {
  return <DecimalField scale={2} unit={currency} {...props} />;
}

/** A percentage as a decimal string ('19.5'), shown with '%'. */
export function PercentField(props: Omit<DecimalFieldProps, 'unit'>) {
  return <DecimalField unit="%" allowNegative={false} {...props} />;
}
