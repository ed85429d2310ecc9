import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { errorText, hasTranslation, translationsAtom, useT } from '../../lib/i18n';
import { useOptionalForm } from '../form/form-context';
import { withoutIndices } from '../form/paths';

/**
 * What every field takes. Inside a `<ResourceForm>` a field binds to the form by `name`; on its own
 * (a filter popover) it takes `value` / `onChange` / `error` instead.
 */
export interface FieldProps<T> {
  /** Path in the form values: `name`, `managing_directors.0.email`. */
  name?: string;
  /** Translation key of the label (default `${resource}.fields.${name without indices}`). */
  label?: string;
  /** Values of the label's placeholders (`Payment method of {name}`: one field per row of a list). */
  labelVars?: Record<string, string | number>;
  /** Translation key of a hint under the field (default: `${resource}.hints.<name>` when that key exists). */
  hint?: string;
  /** Shows the required marker; default: what the form's struct says (it answers `blank` for an empty value). */
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Standalone use. */
  value?: T;
  onChange?(value: T): void;
  /** Standalone use: a message key (`blank`, `invalid`, ...). */
  error?: string;
  /**
   * Standalone use: the field's own verdict on what was typed, at each change (`invalid` for an
   * unreadable date, `in_future` for a month it refuses, null once it reads). Such text never reaches
   * `onChange`, so the value an owner holds is the last one that read: an owner that sends it asks this first.
   */
  onLocalError?(key: string | null): void;
  /** Put the label into the message ('Report filename part can't be blank'), as spec 5 asks for content owners. */
  labelInError?: boolean;
  className?: string;
  autoFocus?: boolean;
}

export interface FieldBinding<T> {
  id: string;
  name: string;
  value: T;
  setValue(value: T): void;
  /** Call on blur: the field's client error shows from then on. */
  touch(): void;
  /** A parse error the field found itself (`invalid`, `too_large`); null clears it. */
  setLocalError(key: string | null): void;
  /** The message key shown now. */
  error: string | undefined;
  /** Translated label, hint and error text. */
  label: string;
  hint: string | undefined;
  errorText: string | undefined;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
}

/**
 * A field's message; `invalid` names the expected format where one is known for the field's name
 * (`form_formats.iban`, `form_formats.eu_tax_id`...), so "is invalid" says what would be valid.
 */
function formatError(t: ReturnType<typeof useT>, tree: Parameters<typeof hasTranslation>[0], error: string, plain: string): string {
  const leaf = plain.slice(plain.lastIndexOf('.') + 1);
  if (error === 'invalid' && hasTranslation(tree, `form_formats.${leaf}`)) return t('form_errors.invalid_format', { format: t(`form_formats.${leaf}`) });
  return errorText(t, error);
}

export function useFieldBinding<T>(props: FieldProps<T>, empty: T): FieldBinding<T> {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  const form = useOptionalForm();
  const reactId = useId();
  const name = props.name ?? '';
  const bound = form !== null && props.name !== undefined && props.value === undefined;
  const raw = bound ? form.getValue(name) : props.value;
  const value = (raw === null || raw === undefined ? empty : raw) as T;
  const resource = form?.options.resource;
  const plain = withoutIndices(name);
  const labelKey = props.label ?? (resource ? `${resource}.fields.${plain}` : plain);
  const hintKey = props.hint ?? (resource && hasTranslation(tree, `${resource}.hints.${plain}`) ? `${resource}.hints.${plain}` : undefined);
  // On its own a field keeps its parse error itself and shows it once left.
  const [own, setOwn] = useState<{ error: string | null; touched: boolean }>({ error: null, touched: false });
  const error = props.error ?? (bound ? form.errorFor(name) : own.touched ? (own.error ?? undefined) : undefined);
  const label = t(labelKey, props.labelVars);
  const message = error ? formatError(t, tree, error, plain) : undefined;
  return {
    id: `field-${name.replace(/\W/g, '-') || 'x'}-${reactId.replace(/\W/g, '')}`,
    name,
    value,
    setValue: (next: T) => {
      if (bound) form.setValue(name, next);
      props.onChange?.(next);
    },
    touch: () => (bound ? form.touch(name) : !own.touched && setOwn((o) => ({ ...o, touched: true }))),
    setLocalError: (key) => {
      if (bound) return form.setLocalError(name, key);
      if (own.error !== key) setOwn((o) => ({ ...o, error: key }));
      props.onLocalError?.(key);
    },
    error,
    label,
    hint: hintKey ? t(hintKey) : undefined,
    errorText: message && props.labelInError ? t('form.error_with_label', { label, message }) : message,
    required: props.required ?? (bound ? form.isRequired(name) : false),
    disabled: Boolean(props.disabled),
    readOnly: Boolean(props.readOnly),
  };
}
