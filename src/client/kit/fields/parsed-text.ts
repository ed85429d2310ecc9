import { useEffect, useState } from 'react';
import type { FieldBinding } from './binding';

/**
 * A text input over a value held in another form (a date shown dd.MM.yyyy, held yyyy-MM-dd). The text
 * follows the value when the value changes from outside; typing sets the value when the text reads,
 * and flags the field (`invalid`, or what `refuse` answers) when it does not. Empty text = ''.
 */
export function useParsedText(b: FieldBinding<string>, parse: (text: string) => string | null, format: (value: string) => string, refuse?: (value: string) => string | null) {
  const [text, setText] = useState(() => format(b.value));
  useEffect(() => {
    setText((current) => (parse(current) === (b.value || null) || (current.trim() === '' && !b.value) ? current : format(b.value)));
    // Only an outside change of the value rewrites the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [b.value]);

  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      b.setValue('');
      b.setLocalError(null);
      return;
    }
    const value = parse(next);
    if (value === null) {
      b.setLocalError('invalid');
      return;
    }
    const refused = refuse?.(value) ?? null;
    b.setLocalError(refused);
    if (!refused) b.setValue(value);
  };
  /** Sets a value picked elsewhere (calendar) and shows it. */
  const pick = (value: string) => {
    setText(format(value));
    b.setLocalError(null);
    b.setValue(value);
    b.touch();
  };
  /** On blur: tidy a readable text into the display format. */
  const blur = () => {
    const value = parse(text);
    if (value !== null && !refuse?.(value)) setText(format(value));
    b.touch();
  };
  return { text, change, pick, blur };
}
