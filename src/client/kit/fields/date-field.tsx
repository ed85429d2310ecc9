import { parseDate } from '@internationalized/date';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button, Calendar, CalendarCell, CalendarGrid, Heading, I18nProvider } from 'react-aria-components';
import { css } from 'styled-system/css';
import { languageAtom, uiLocale, useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { formatDisplayDate, parseDisplayDate } from './dates';
import { Field } from './field';
import { useParsedText } from './parsed-text';
import { PickerInput } from './picker-input';
import { PickerPopover } from './picker-popover';
import { fieldStyles } from './styles';

/** Calendar locale per app language: German and British English both start weeks on Monday. */

const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '1', '& h2': { fontSize: 'sm', fontWeight: '600', m: 0 } });
const navButton = css({ px: '2', h: '24px', borderRadius: 'sm', cursor: 'pointer', bg: 'transparent', borderWidth: '1px', borderColor: 'border', '&[data-disabled]': { opacity: 0.4 } });
const cell = css({
  w: '28px',
  h: '26px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'sm',
  cursor: 'pointer',
  outline: 'none',
  fontSize: 'xs',
  '&[data-outside-month]': { display: 'none' },
  '&[data-hovered]': { bg: 'bg.hover' },
  '&[data-selected]': { bg: 'accent', color: 'fg.onAccent' },
  '&[data-disabled]': { color: 'fg.subtle', cursor: 'not-allowed' },
  '&[data-focus-visible]': { outline: '2px solid token(colors.focus)' },
});

/**
 * A date: typed as dd.MM.yyyy (d.M.yy and a pasted yyyy-MM-dd read too) or picked in a calendar
 * (the button, or Alt+ArrowDown in the input); the value is 'yyyy-MM-dd' ('' when empty).
 */
export function DateField(props: FieldProps<string>) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const b = useFieldBinding(props, '');
  const [open, setOpen] = useState(false);
  const text = useParsedText(b, parseDisplayDate, formatDisplayDate);
  let calendarValue = null;
  try {
    calendarValue = b.value ? parseDate(b.value.slice(0, 10)) : null;
  } catch {
    calendarValue = null;
  }
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={fieldStyles.row}>
          <PickerInput aria={aria} binding={b} text={text} placeholder={t('form.date.placeholder')} autoFocus={props.autoFocus} onOpenPicker={() => setOpen(true)} />
          <PickerPopover label={t('form.date.open_calendar', { label: b.label })} icon="▦" isOpen={open} onOpenChange={setOpen} isDisabled={b.disabled || b.readOnly}>
            <I18nProvider locale={uiLocale(lng)}>
              <Calendar
                aria-label={b.label}
                value={calendarValue}
                autoFocus
                onChange={(date) => {
                  text.pick(date.toString());
                  setOpen(false);
                }}
              >
                <header className={header}>
                  <Button slot="previous" className={navButton}>
                    ‹
                  </Button>
                  <Heading />
                  <Button slot="next" className={navButton}>
                    ›
                  </Button>
                </header>
                <CalendarGrid>{(date) => <CalendarCell date={date} className={cell} />}</CalendarGrid>
              </Calendar>
            </I18nProvider>
          </PickerPopover>
        </div>
      )}
    </Field>
  );
}
