import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { fieldStyles } from './styles';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const swatch = css({ w: '28px', h: '28px', flexShrink: 0, borderRadius: 'md', borderWidth: '1px', borderColor: 'border.strong', p: 0, cursor: 'pointer', bg: 'transparent' });

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
          <input
            type="color"
            className={swatch}
            aria-label={t('form.color.pick', { label: b.label })}
            value={valid ? expandHex(b.value).toLowerCase() : '#000000'}
            disabled={b.disabled || b.readOnly}
            onChange={(e) => set(e.target.value)}
          />
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
