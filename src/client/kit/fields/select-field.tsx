import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';

export interface SelectOption {
  /** A string or a number (ids); the form gets back the same type. */
  value: string | number;
  /** A translation key, or the text itself with `translate={false}`. */
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends FieldProps<string | number> {
  options: readonly SelectOption[];
  /** Translate option labels (default true). */
  translate?: boolean;
  /** Offer an empty first option (default: when not required). Its text is `form.select.none`. */
  allowEmpty?: boolean;
}

/** `['d', 'm', 'y']` + a key prefix → options whose labels are `${prefix}.${value}`. */
export function optionsFrom(values: readonly string[], prefix: string): SelectOption[] {
  return values.map((value) => ({ value, label: `${prefix}.${value}` }));
}

/**
 * A choice from a short list: the native select (keyboard type-ahead, platform pickers, real input).
 * The value is the chosen option's value, string or number ('' = none).
 */
export function SelectField({ options, translate = true, allowEmpty, ...props }: SelectFieldProps) {
  const t = useT();
  const b = useFieldBinding<string | number>(props, '');
  const withEmpty = allowEmpty ?? !b.required;
  const value = String(b.value);
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <select
          {...aria}
          name={b.name || undefined}
          className={input()}
          value={value}
          disabled={b.disabled || b.readOnly}
          autoFocus={props.autoFocus}
          onChange={(e) => {
            const option = options.find((o) => String(o.value) === e.target.value);
            b.setValue(option ? option.value : '');
            b.touch();
          }}
          onBlur={b.touch}
        >
          {(withEmpty || value === '') && <option value="">{t(withEmpty ? 'form.select.none' : 'form.select.choose')}</option>}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
              {translate ? t(o.label) : o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
