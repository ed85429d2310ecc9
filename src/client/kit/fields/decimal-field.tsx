import { input } from 'styled-system/recipes';
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

/** Whether `text` is a decimal the field accepts: digits with an optional dot part, no grouping, no comma. */
export function isDecimalText(text: string, scale?: number, allowNegative = true): boolean {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return false;
  if (m[1] && !allowNegative) return false;
  return scale === undefined || (m[3] ?? '').length <= scale;
}

/**
 * Numbers, money and percentages as decimal strings ('1234.56'), never JS numbers: the value is the
 * trimmed text. Dot decimals only; anything else ('1.234,56', '12a') is flagged `invalid`.
 */
export function DecimalField({ scale, allowNegative = true, unit, placeholder, ...props }: DecimalFieldProps) {
  const b = useFieldBinding(props, '');
  const check = (text: string) => b.setLocalError(text === '' || isDecimalText(text, scale, allowNegative) ? null : 'invalid');
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
              value={String(b.value)}
              disabled={b.disabled}
              readOnly={b.readOnly}
              placeholder={placeholder}
              autoFocus={props.autoFocus}
              onChange={(e) => {
                const text = e.target.value.trim();
                b.setValue(text);
                check(text);
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
