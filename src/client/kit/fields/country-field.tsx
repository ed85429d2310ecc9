import { useMemo } from 'react';
import { useFieldBinding, type FieldProps } from './binding';
import { ComboBoxControl, type ComboItem } from './combo-box';
import { Field } from './field';

export interface Country {
  code: string;
  name: string;
}

export interface CountryFieldProps extends FieldProps<string> {
  /** The init data's countries (`/config/data` → `countries`). */
  countries: readonly Country[];
}

/** Matches a word start of the name, or the code: 'ger' → Germany, 'de' → Germany (DE), Denmark. */
export function countryMatches(textValue: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const text = textValue.toLowerCase();
  return text.startsWith(q) || text.includes(` ${q}`) || text.includes(`(${q}`) || text.includes(`-${q}`);
}

/** A country by code: a searchable combobox over the init data's list; the value is the code ('' = none). */
export function CountryField({ countries, ...props }: CountryFieldProps) {
  const b = useFieldBinding(props, '');
  const items = useMemo<ComboItem[]>(() => countries.map((c) => ({ id: c.code, label: `${c.name} (${c.code})` })), [countries]);
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <ComboBoxControl
          aria={aria}
          name={b.name || undefined}
          defaultItems={items}
          filter={countryMatches}
          selectedKey={b.value || null}
          onSelect={(key) => {
            if (key !== (b.value || null)) b.setValue(key ?? '');
          }}
          menuTrigger="input"
          disabled={b.disabled}
          readOnly={b.readOnly}
          onBlur={b.touch}
          autoFocus={props.autoFocus}
        />
      )}
    </Field>
  );
}
