import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { ComboBoxControl } from './combo-box';
import { Field } from './field';
import { entriesOf, useDebouncedSearch } from './use-debounced-search';

export interface AutocompleteFieldProps<Item, Value> extends FieldProps<Value | null> {
  /** The lookup endpoint, e.g. `/api/users/lookup`. */
  path: string;
  /** Its query parameter (default `q`). */
  param?: string;
  /** Fixed parameters sent with every search (`{view: 'detailed', organization_id: '3'}`). */
  query?: Record<string, string>;
  /** The text shown for a result (and in the input once chosen). */
  labelOf(item: Item): string;
  /** What the form keeps for a result (an id, an e-mail). */
  valueOf(item: Item): Value;
  /** A second, muted text for a result. */
  noteOf?(item: Item): string | undefined;
  /** The label of the current value when the form opens (a loaded record's `user.email`); default: the value when it is a string. */
  selectedLabel?: string;
  /** Translation key of a placeholder. */
  placeholder?: string;
  /** Pause before searching (default 500 ms, spec 9). */
  delay?: number;
  /** Results shown but not choosable (the vendor itself as its own alternative payee). */
  disabledOf?(item: Item): boolean;
  /**
   * Offer to create what was typed when no result has that label: an extra item titled by this
   * translation key (`{name}` = the text), which calls `onCreate(text)` instead of choosing.
   */
  createLabel?: string;
  onCreate?(text: string): void;
  /** Told the whole result chosen (the form keeps only `valueOf`): a vendor's payment methods and e-mails. */
  onPick?(item: Item): void;
  /** An adder rather than a value (sources of a contract): the input empties after each choice. */
  clearOnPick?: boolean;
}

const CREATE_KEY = '__create__';

/**
 * Labels of values chosen in this tab, by lookup path and value: a field that unmounts and mounts again
 * (a failed save moving to another tab and back) shows the chosen user's e-mail, not its id, though no
 * loaded record names it yet (a new vendor's account manager).
 */
const chosenLabels = new Map<string, string>();
const labelKey = (path: string, value: unknown) => `${path}|${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;

/**
 * A value chosen from the server: typing searches `GET {path}?{param}=text` once typing paused for
 * 500 ms; choosing a result keeps `valueOf(result)`. Clearing the text and leaving clears the value;
 * leaving with other text restores the chosen label.
 */
export function AutocompleteField<Item, Value = string>({ path, param = 'q', query, labelOf, valueOf, noteOf, selectedLabel, placeholder, delay = 500, disabledOf, createLabel, onCreate, onPick, clearOnPick, ...props }: AutocompleteFieldProps<Item, Value>) {
  const t = useT();
  const b = useFieldBinding<Value | null>(props, null);
  const initialLabel =
    selectedLabel ?? (b.value === null || b.value === undefined ? undefined : chosenLabels.get(labelKey(path, b.value))) ?? (typeof b.value === 'string' || typeof b.value === 'number' ? String(b.value) : '');
  const [label, setLabel] = useState(initialLabel);
  const [text, setText] = useState(initialLabel);
  const search = useDebouncedSearch<Item>((q, signal) => api.get<unknown>(path, { ...query, [param]: q }, { signal }).then(entriesOf<Item>), { delay });

  // A value set from outside (form loaded, reset) brings its label along.
  useEffect(() => {
    if (b.value === null || b.value === undefined || (b.value as unknown) === '') return;
    setLabel(initialLabel);
    setText(initialLabel);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedLabel]);

  const keyOf = (item: Item) => {
    const v = valueOf(item);
    return typeof v === 'object' ? labelOf(item) : String(v);
  };
  const items = search.results.map((item) => ({ id: keyOf(item), label: labelOf(item), note: noteOf?.(item) }));
  const typed = text.trim();
  const offerCreate = Boolean(createLabel && onCreate && typed && typed !== label && !search.loading && !items.some((i) => i.label.toLowerCase() === typed.toLowerCase()));
  if (offerCreate) items.push({ id: CREATE_KEY, label: t(createLabel!, { name: typed }), note: undefined });
  const disabledKeys = disabledOf ? search.results.filter(disabledOf).map(keyOf) : undefined;

  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <ComboBoxControl
          aria={aria}
          name={b.name || undefined}
          items={items}
          inputValue={text}
          onInputChange={(next) => {
            setText(next);
            // the chosen label written back into the input is not a search
            if (next !== label || next === '') search.query(next);
          }}
          selectedKey={null}
          disabledKeys={disabledKeys}
          onSelect={(key) => {
            if (key === CREATE_KEY) {
              search.clear();
              onCreate?.(typed);
              return;
            }
            const item = search.results.find((r) => keyOf(r) === key);
            if (!item) return;
            b.setValue(valueOf(item));
            if (!clearOnPick) chosenLabels.set(labelKey(path, valueOf(item)), labelOf(item));
            onPick?.(item);
            setLabel(clearOnPick ? '' : labelOf(item));
            setText(clearOnPick ? '' : labelOf(item));
            search.clear();
          }}
          allowsCustomValue
          // An empty list opens only while the user types: a choice that fills the input does not reopen it.
          allowsEmptyCollection={text !== label}
          showButton={false}
          loading={search.loading}
          placeholder={placeholder ? t(placeholder) : undefined}
          disabled={b.disabled}
          readOnly={b.readOnly}
          autoFocus={props.autoFocus}
          onBlur={() => {
            if (text.trim() === '') {
              if (b.value !== null) b.setValue(null);
              setLabel('');
            } else setText(label);
            search.clear();
            b.touch();
          }}
        />
      )}
    </Field>
  );
}
