import { useT } from '../../lib/i18n';
import { Field } from '../fields/field';
import { useFieldBinding, type FieldProps } from '../fields/binding';
import { RichTextEditor } from './rich-text-editor';

export interface RichTextFieldProps extends FieldProps<string> {
  /** Translation key of a placeholder. */
  placeholder?: string;
}

/**
 * A rich-text body as a form field: `<RichTextField name="body" />` inside a `<ResourceForm>` (label,
 * required marker, hint and error from the form, like every field), or standalone with
 * `value` / `onChange` / `error`. The value is the canonical HTML ('' when empty).
 */
export function RichTextField({ placeholder, ...props }: RichTextFieldProps) {
  const t = useT();
  const b = useFieldBinding(props, '');
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <RichTextEditor
          id={aria.id}
          label={b.label}
          labelledBy={aria['aria-labelledby']}
          describedBy={aria['aria-describedby']}
          invalid={aria['aria-invalid']}
          required={b.required}
          value={b.value}
          onChange={b.setValue}
          onBlur={b.touch}
          disabled={b.disabled || b.readOnly}
          placeholder={placeholder ? t(placeholder) : undefined}
        />
      )}
    </Field>
  );
}
