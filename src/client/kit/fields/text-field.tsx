import { cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { fieldStyles } from './styles';

export interface TextFieldProps extends FieldProps<string> {
  type?: 'text' | 'email' | 'url' | 'tel' | 'password';
  /** Translation key of a placeholder. */
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'url' | 'tel';
  /** Show a multi-line text area. */
  multiline?: boolean;
  rows?: number;
}

/** Text, e-mail and multi-line text. The value is the string as typed ('' when empty). */
export function TextField({ type = 'text', placeholder, autoComplete = 'off', maxLength, inputMode, multiline, rows = 4, ...props }: TextFieldProps) {
  const t = useT();
  const b = useFieldBinding(props, '');
  const common = {
    name: b.name || undefined,
    value: b.value,
    disabled: b.disabled,
    readOnly: b.readOnly,
    placeholder: placeholder ? t(placeholder) : undefined,
    maxLength,
    autoFocus: props.autoFocus,
    onBlur: b.touch,
  };
  return (
    <Field binding={b} className={props.className}>
      {(aria) =>
        multiline ? (
          <textarea {...aria} {...common} rows={rows} className={cx(input(), fieldStyles.textarea)} onChange={(e) => b.setValue(e.target.value)} />
        ) : (
          <input {...aria} {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} className={input()} onChange={(e) => b.setValue(e.target.value)} />
        )
      }
    </Field>
  );
}

export function TextAreaField(props: Omit<TextFieldProps, 'multiline' | 'type'>) {
  return <TextField {...props} multiline />;
}

export function EmailField(props: Omit<TextFieldProps, 'multiline' | 'type'>) {
  return <TextField {...props} type="email" inputMode="email" />;
}
