import { input } from 'styled-system/recipes';
import type { FieldBinding } from './binding';
import type { ControlAria } from './field';
import type { useParsedText } from './parsed-text';

/**
 * The typed half of a picker field (date, month): a text input over the parsed text, where
 * Alt+ArrowDown opens the picker beside it, as in a native select.
 */
export function PickerInput(props: {
  aria: ControlAria;
  binding: FieldBinding<string>;
  text: ReturnType<typeof useParsedText>;
  placeholder: string;
  autoFocus?: boolean;
  onOpenPicker(): void;
}) {
  const { binding: b, text } = props;
  return (
    <input
      {...props.aria}
      name={b.name || undefined}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      className={input()}
      placeholder={props.placeholder}
      value={text.text}
      disabled={b.disabled}
      readOnly={b.readOnly}
      autoFocus={props.autoFocus}
      onChange={(e) => text.change(e.target.value)}
      onBlur={text.blur}
      onKeyDown={(e) => {
        if (e.altKey && e.key === 'ArrowDown') {
          e.preventDefault();
          props.onOpenPicker();
        }
      }}
    />
  );
}
