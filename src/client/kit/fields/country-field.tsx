import { useMemo } from 'react';
import { useFieldBinding, type FieldProps } from './binding';
import { ComboBoxControl, type ComboItem } from './combo-box';
import { Field } from './field';

export interface Country {
  code: string;
  /** The name shown (in the user's language: `useCountries()`). */
  name: string;
  /** What a search matches besides the name and code (the English and other names). */
  search?: string;
}

export interface CountryFieldProps extends FieldProps<string> {
  /** The countries to choose from: `useCountries()` (the init data's, named in the user's language). */
  countries: readonly Country[];
}

/** Matches a word start of the name, or the code: 'ger' → Germany, 'de' → Germany (DE), Denmark. */
export function countryMatches(textValue: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const text = textValue.toLowerCase();
  return text.startsWith(q) || text.includes(` ${q}`) || text.includes(`(${q}`) || text.includes(`-${q}`);
}

/**
 * A country by code: a searchable combobox over the given list; the value is the code ('' = none).
 * Typing matches the shown name, the code and every other name the country carries (in German,
 * 'Deu' and 'Germ' both find Deutschland).
 */
export function CountryField({ countries, ...props }: CountryFieldProps) {
  const b = useFieldBinding(props, '');
  const { items, searchOf } = useMemo(() => {
    const list: ComboItem[] = countries.map((c) => ({ id: c.code, label: `${c.name} (${c.code})` }));
    // react-aria filters by the shown label: the label leads to everything the country is searched by
    const search = new Map(countries.map((c, i) => [list[i].label, c.search ? `${list[i].label} | ${c.search}` : list[i].label]));
    return { items: list, searchOf: (label: string) => search.get(label) ?? label };
  }, [countries]);
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <ComboBoxControl
          aria={aria}
          name={b.name || undefined}
          defaultItems={items}
          filter={(label, query) => countryMatches(searchOf(label), query)}
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
