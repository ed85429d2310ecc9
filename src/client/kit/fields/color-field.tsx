import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { fieldStyles } from './styles';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
// The native picker cannot show "no colour" (it paints black), so it sits invisible over our own swatch:
// the colour when there is one, an empty box with a diagonal stroke when there is none.
const swatch = css({
  position: 'relative',
  w: '28px',
  h: '28px',
  flexShrink: 0,
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'transparent',
  overflow: 'hidden',
  '&[data-empty]': { bgImage: 'linear-gradient(to top right, transparent calc(50% - 1px), currentColor, transparent calc(50% + 1px))', color: 'fg.muted' },
  '&:focus-within': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
});
const picker = css({ position: 'absolute', inset: 0, w: '100%', h: '100%', opacity: 0, p: 0, borderWidth: 0, cursor: 'pointer' });

/** `#abc` → `#aabbcc` (the native colour input only takes six digits). */
export function expandHex(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/**
 * A hex colour (`#abc` or `#aabbcc`, or empty): a text input plus a swatch that is the browser's
 * colour picker, so both typing and picking work. Anything else is flagged `invalid`.
 */
export function ColorField(props: FieldProps<string>) {
  const t = useT();
  const b = useFieldBinding(props, '');
  const valid = HEX.test(b.value);
  const set = (text: string) => {
    b.setValue(text);
    b.setLocalError(text === '' || HEX.test(text) ? null : 'invalid');
  };
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={fieldStyles.row}>
          <span className={swatch} data-empty={valid ? undefined : ''} data-swatch="" style={valid ? { backgroundColor: expandHex(b.value) } : undefined}>
            <input
              type="color"
              className={picker}
              aria-label={t('form.color.pick', { label: b.label })}
              value={valid ? expandHex(b.value).toLowerCase() : '#000000'}
              disabled={b.disabled || b.readOnly}
              onChange={(e) => set(e.target.value)}
            />
          </span>
          <input
            {...aria}
            name={b.name || undefined}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="#aabbcc"
            className={input()}
            value={b.value}
            disabled={b.disabled}
            readOnly={b.readOnly}
            onChange={(e) => set(e.target.value.trim())}
            onBlur={b.touch}
          />
        </div>
      )}
    </Field>
  );
}
