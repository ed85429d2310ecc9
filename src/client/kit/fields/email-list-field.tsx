import { TagsInput } from '@ark-ui/react/tags-input';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { errorText as messageText, useT } from '../../lib/i18n';
import { useOptionalForm } from '../form/form-context';
import { joinPath } from '../form/paths';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { useNoLateRefocus } from './no-late-refocus';
import { fieldStyles } from './styles';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SEPARATORS = /[\s,;]+/;
const EDGE_SEPARATORS = /^[\s,;]+|[\s,;]+$/g;
const stack = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const highlighted = css({ '&[data-highlighted]': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '1px' } });

export interface EmailListFieldProps extends FieldProps<string[]> {
  /** Translation key of the input's placeholder (default `form.emails.placeholder`). */
  placeholder?: string;
}

/**
 * A list of e-mail addresses as chips (invoice_emails and the like), on Ark UI's TagsInput: Enter,
 * comma, semicolon, space or leaving the input adds what was typed; pasting several addresses adds them
 * all; Backspace in the empty input highlights the last chip and a second Backspace removes it (arrow
 * keys move between chips, Delete removes the highlighted one); each chip has a remove button. An
 * address that is not valid stays in the input, flagged `invalid`; server errors on single entries mark
 * their chip and name it in the message.
 */
export function EmailListField({ placeholder = 'form.emails.placeholder', ...props }: EmailListFieldProps) {
  const t = useT();
  const form = useOptionalForm();
  const b = useFieldBinding<string[]>(props, []);
  const emails = Array.isArray(b.value) ? b.value : [];
  // TagsInput empties its input after every attempt to add; a refused address stays for correcting.
  const [text, setText] = useState('');
  const keepText = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useNoLateRefocus(inputRef);

  const itemError = (index: number) => (form && b.name ? form.errorFor(joinPath(b.name, index)) : undefined);
  const firstBad = emails.findIndex((_, i) => itemError(i));
  const errorText =
    b.errorText ?? (firstBad >= 0 ? t('form.emails.item_error', { value: emails[firstBad], message: messageText(t, itemError(firstBad) ?? 'invalid') }) : undefined);

  return (
    <Field binding={{ ...b, errorText }} className={props.className}>
      {(aria) => (
        <TagsInput.Root
          className={stack}
          data-focus-owner=""
          ids={{ input: aria.id }}
          value={emails}
          onValueChange={(details) => {
            b.setValue(details.value);
            b.setLocalError(null);
          }}
          inputValue={text}
          onInputValueChange={(details) => {
            if (keepText.current && details.inputValue === '') {
              keepText.current = false;
              return;
            }
            keepText.current = false;
            setText(details.inputValue);
            if (details.inputValue === '') b.setLocalError(null);
          }}
          // A typed address arrives with its separator, a pasted text with several: every part must be an address.
          validate={(details) => {
            const parts = details.inputValue.split(SEPARATORS).filter(Boolean);
            return parts.length > 0 && parts.every((p) => EMAIL.test(p) && !details.value.includes(p));
          }}
          onValueInvalid={() => {
            keepText.current = true;
            b.setLocalError('invalid');
            b.touch();
          }}
          sanitizeValue={(value) => value.replace(EDGE_SEPARATORS, '')}
          delimiter={SEPARATORS}
          addOnPaste
          blurBehavior="add"
          editable={false}
          disabled={b.disabled}
          readOnly={b.readOnly}
          onFocusOutside={() => b.touch()}
          translations={{ deleteTagTriggerLabel: (value) => `${t('form.chips.remove')} ${value}` }}
        >
          <TagsInput.Control className={fieldStyles.chips} role="group" aria-label={t('form.chips.chosen', { label: b.label })}>
            {emails.map((email, index) => (
              <TagsInput.Item key={email} index={index} value={email} className={`${fieldStyles.chip} ${highlighted}`} data-invalid={itemError(index) ? '' : undefined}>
                <TagsInput.ItemPreview className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                  <TagsInput.ItemText>{email}</TagsInput.ItemText>
                  {!b.readOnly && !b.disabled && (
                    <TagsInput.ItemDeleteTrigger className={fieldStyles.chipRemove}>
                      <span aria-hidden="true">✕</span>
                    </TagsInput.ItemDeleteTrigger>
                  )}
                </TagsInput.ItemPreview>
              </TagsInput.Item>
            ))}
          </TagsInput.Control>
          {!b.readOnly && (
            <TagsInput.Input
              ref={inputRef}
              {...aria}
              type="text"
              inputMode="email"
              autoComplete="off"
              className={input()}
              placeholder={t(placeholder)}
              autoFocus={props.autoFocus}
            />
          )}
          <TagsInput.HiddenInput name={b.name || undefined} />
        </TagsInput.Root>
      )}
    </Field>
  );
}
