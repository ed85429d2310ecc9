import { useState } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { useOptionalForm } from '../form/form-context';
import { joinPath } from '../form/paths';
import { useFieldBinding, type FieldProps } from './binding';
import { ChipList } from './chip-list';
import { Field } from './field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SEPARATORS = /[\s,;]+/;
const stack = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });

export interface EmailListFieldProps extends FieldProps<string[]> {
  /** Translation key of the input's placeholder (default `form.emails.placeholder`). */
  placeholder?: string;
}

/**
 * A list of e-mail addresses as chips (invoice_emails and the like). Enter, comma, semicolon or
 * leaving the input adds what was typed; pasting several addresses adds them all. An address that is
 * not valid stays in the input, flagged `invalid`; server errors on single entries mark their chip.
 */
export function EmailListField({ placeholder = 'form.emails.placeholder', ...props }: EmailListFieldProps) {
  const t = useT();
  const form = useOptionalForm();
  const b = useFieldBinding<string[]>(props, []);
  const [text, setText] = useState('');
  const emails = Array.isArray(b.value) ? b.value : [];

  /** Adds the addresses in `raw`; answers what could not be added. */
  const add = (raw: string): string => {
    const parts = raw.split(SEPARATORS).filter(Boolean);
    const bad = parts.filter((p) => !EMAIL.test(p));
    const good = parts.filter((p) => EMAIL.test(p) && !emails.includes(p));
    if (good.length) b.setValue([...emails, ...good.filter((p, i) => good.indexOf(p) === i)]);
    b.setLocalError(bad.length ? 'invalid' : null);
    return bad.join(', ');
  };

  const itemError = (index: number) => (form && b.name ? form.errorFor(joinPath(b.name, index)) : undefined);
  const firstBad = emails.findIndex((_, i) => itemError(i));
  const errorText =
    b.errorText ?? (firstBad >= 0 ? t('form.emails.item_error', { value: emails[firstBad], message: t(`form_errors.${itemError(firstBad)}`) }) : undefined);

  return (
    <Field binding={{ ...b, errorText }} className={props.className}>
      {(aria) => (
        <div className={stack} data-focus-owner="">
          <ChipList
            label={t('form.chips.chosen', { label: b.label })}
            chips={emails.map((e, i) => ({ id: e, label: e, invalid: Boolean(itemError(i)) }))}
            onRemove={(ids) => b.setValue(emails.filter((e) => !ids.includes(e)))}
            disabled={b.disabled || b.readOnly}
          />
          {!b.readOnly && (
            <input
              {...aria}
              type="text"
              inputMode="email"
              autoComplete="off"
              className={input()}
              placeholder={t(placeholder)}
              value={text}
              disabled={b.disabled}
              autoFocus={props.autoFocus}
              onChange={(e) => {
                const next = e.target.value;
                if (SEPARATORS.test(next) && next.trim()) setText(add(next));
                else {
                  setText(next);
                  if (!next) b.setLocalError(null);
                }
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && text.trim()) {
                  e.preventDefault();
                  setText(add(text));
                  b.touch();
                } else if (e.key === 'Backspace' && text === '' && emails.length) b.setValue(emails.slice(0, -1));
              }}
              onBlur={() => {
                if (text.trim()) setText(add(text));
                b.touch();
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}
