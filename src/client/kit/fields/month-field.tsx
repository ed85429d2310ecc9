import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { languageAtom, uiLocale, useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { formatDisplayMonth, isFutureMonth, isoDate, parseDisplayMonth, todayIso } from './dates';
import { Field } from './field';
import { useParsedText } from './parsed-text';
import { PickerInput } from './picker-input';
import { PickerPopover } from './picker-popover';
import { fieldStyles } from './styles';

export interface MonthFieldProps extends FieldProps<string> {
  /** Months after the current one may be chosen (default false: they are refused with `in_future`). */
  allowFuture?: boolean;
}

const yearBar = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '2' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '1' });
const monthButton = css({
  px: '2',
  h: '26px',
  borderRadius: 'sm',
  borderWidth: '1px',
  borderColor: 'transparent',
  bg: 'transparent',
  color: 'fg',
  fontSize: 'xs',
  cursor: 'pointer',
  _hover: { _enabled: { bg: 'bg.hover' } },
  '&[aria-pressed=true]': { bg: 'accent', color: 'fg.onAccent' },
  _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
});
const navButton = css({ px: '2', h: '24px', borderRadius: 'sm', cursor: 'pointer', bg: 'transparent', borderWidth: '1px', borderColor: 'border', _disabled: { opacity: 0.4, cursor: 'not-allowed' } });

/**
 * A month: the value is the first of the month ('yyyy-MM-01'), typed as MM.yyyy or picked from a
 * year's months. Future months are refused (disabled in the picker, `in_future` when typed).
 */
export function MonthField({ allowFuture = false, ...props }: MonthFieldProps) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const b = useFieldBinding(props, '');
  const [open, setOpen] = useState(false);
  const refuse = (value: string) => (!allowFuture && isFutureMonth(value) ? 'in_future' : null);
  const text = useParsedText(b, parseDisplayMonth, formatDisplayMonth, refuse);
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(() => Number((b.value || todayIso()).slice(0, 4)));
  const names = new Intl.DateTimeFormat(uiLocale(lng), { month: 'short', timeZone: 'UTC' });
  const longNames = new Intl.DateTimeFormat(uiLocale(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const openPicker = (next: boolean) => {
    if (next) setYear(Number((b.value || todayIso()).slice(0, 4)));
    setOpen(next);
  };
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={fieldStyles.row}>
          <PickerInput aria={aria} binding={b} text={text} placeholder={t('form.month.placeholder')} autoFocus={props.autoFocus} onOpenPicker={() => openPicker(true)} />
          <PickerPopover label={t('form.month.open_picker', { label: b.label })} icon="▦" isOpen={open} onOpenChange={openPicker} isDisabled={b.disabled || b.readOnly}>
            <div className={yearBar}>
              <button type="button" className={navButton} aria-label={t('form.month.previous_year')} onClick={() => setYear(year - 1)}>
                ‹
              </button>
              <span aria-live="polite" className={css({ fontWeight: '600' })}>
                {year}
              </span>
              <button type="button" className={navButton} aria-label={t('form.month.next_year')} disabled={!allowFuture && year >= thisYear} onClick={() => setYear(year + 1)}>
                ›
              </button>
            </div>
            <div className={grid} role="group" aria-label={String(year)}>
              {Array.from({ length: 12 }, (_, i) => {
                const value = isoDate(year, i + 1, 1);
                const date = new Date(Date.UTC(year, i, 1));
                return (
                  <button
                    key={value}
                    type="button"
                    className={monthButton}
                    aria-label={longNames.format(date)}
                    aria-pressed={b.value.slice(0, 7) === value.slice(0, 7)}
                    disabled={!allowFuture && isFutureMonth(value)}
                    autoFocus={b.value ? b.value.slice(0, 7) === value.slice(0, 7) : i === 0}
                    onClick={() => {
                      text.pick(value);
                      setOpen(false);
                    }}
                  >
                    {names.format(date)}
                  </button>
                );
              })}
            </div>
          </PickerPopover>
        </div>
      )}
    </Field>
  );
}
