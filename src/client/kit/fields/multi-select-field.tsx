import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { api } from '../../api/client';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { ChipList } from './chip-list';
import { ComboBoxControl } from './combo-box';
import { Field } from './field';
import type { SelectOption } from './select-field';
import { entriesOf, useDebouncedSearch } from './use-debounced-search';

/** Options found on the server instead of a fixed list: `GET {path}?q=` once typing paused. */
export interface MultiSelectLookup<Item> {
  path: string;
  labelOf(item: Item): string;
  valueOf(item: Item): string | number;
  noteOf?(item: Item): string | undefined;
  /** Results shown but not choosable (the record itself). */
  disabledOf?(item: Item): boolean;
}

export interface MultiSelectFieldProps<Item = unknown> extends FieldProps<string[]> {
  /** The choices; with `lookup`, the labels of values chosen before (the loaded record's). */
  options: readonly SelectOption[];
  lookup?: MultiSelectLookup<Item>;
  /** Translate option labels (default true). */
  translate?: boolean;
  /** Options shown but not choosable now (roles that exclude a chosen one). */
  disabledOptions?: string[];
  placeholder?: string;
  /** The order is meaningful (rules tried in turn): chips are numbered and Ctrl/Alt+arrow moves one. */
  ordered?: boolean;
}

const stack = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });

/**
 * Several values from a list: a combobox to find and add one (type to filter, Enter adds), the chosen
 * ones as chips (Delete/Backspace on a chip removes it; Backspace in the empty input removes the
 * last). The value is the list of option values, in the order chosen; `ordered` lets the keyboard
 * reorder them (Ctrl/Alt + arrow on a chip).
 */
export function MultiSelectField<Item = unknown>({ options, lookup, translate = true, disabledOptions, placeholder, ordered, ...props }: MultiSelectFieldProps<Item>) {
  const t = useT();
  const b = useFieldBinding<string[]>(props, []);
  const [text, setText] = useState('');
  const chosen = Array.isArray(b.value) ? b.value : [];
  const search = useDebouncedSearch<Item>((q, signal) => api.get<unknown>(lookup!.path, { q }, { signal }).then(entriesOf<Item>), { delay: 500 });
  // Labels of values chosen from lookup results, which leave the list once chosen.
  const found = useRef(new Map<string, string>());
  const labelOf = (value: string) => {
    const o = options.find((x) => String(x.value) === value);
    if (o) return translate ? t(o.label) : o.label;
    return found.current.get(value) ?? value;
  };
  const q = text.trim().toLowerCase();
  const items = lookup
    ? search.results
        .map((r) => ({ id: String(lookup.valueOf(r)), label: lookup.labelOf(r), note: lookup.noteOf?.(r) }))
        .filter((o) => !chosen.includes(o.id))
    : options
        .filter((o) => !chosen.includes(String(o.value)))
        .map((o) => ({ id: String(o.value), label: translate ? t(o.label) : o.label }))
        .filter((o) => !q || o.label.toLowerCase().includes(q) || o.id.toLowerCase().includes(q))
        // what starts with the typed text first: 'video id' → Video id before Custom id matches video id
        .sort((a, b) => Number(!a.label.toLowerCase().startsWith(q)) - Number(!b.label.toLowerCase().startsWith(q)));
  const disabledKeys = [...(disabledOptions ?? []), ...(lookup?.disabledOf ? search.results.filter(lookup.disabledOf).map((r) => String(lookup.valueOf(r))) : [])];
  const remove = (ids: string[]) => {
    b.setValue(chosen.filter((v) => !ids.includes(v)));
    b.touch();
  };
  const move = (id: string, to: number) => {
    const next = chosen.filter((v) => v !== id);
    next.splice(to, 0, id);
    b.setValue(next);
    b.touch();
  };
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={stack} data-focus-owner="">
          <ChipList label={t('form.chips.chosen', { label: b.label })} chips={chosen.map((v) => ({ id: v, label: labelOf(v) }))} onRemove={remove} disabled={b.disabled || b.readOnly} onMove={ordered ? move : undefined} />
          {!b.readOnly && (
            <ComboBoxControl
              aria={aria}
              items={items}
              inputValue={text}
              onInputChange={(next) => {
                setText(next);
                if (lookup) search.query(next);
              }}
              selectedKey={null}
              disabledKeys={disabledKeys.filter((v) => !chosen.includes(v))}
              onSelect={(key) => {
                if (key === null || chosen.includes(key)) return;
                const item = items.find((i) => i.id === key);
                if (item) found.current.set(key, item.label);
                b.setValue([...chosen, key]);
                setText('');
                search.clear();
              }}
              loading={lookup ? search.loading : undefined}
              allowsEmptyCollection={lookup ? text.trim() !== '' : undefined}
              allowsCustomValue
              disabled={b.disabled}
              placeholder={placeholder ? t(placeholder) : undefined}
              autoFocus={props.autoFocus}
              onBlur={() => {
                setText('');
                search.clear();
                b.touch();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Backspace' && text === '' && chosen.length) remove([chosen[chosen.length - 1]]);
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}
