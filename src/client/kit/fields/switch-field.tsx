import { css } from 'styled-system/css';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';

const track = css({
  appearance: 'none',
  position: 'relative',
  w: '32px',
  h: '18px',
  flexShrink: 0,
  m: 0,
  borderRadius: '9px',
  bg: 'border.strong',
  cursor: 'pointer',
  transition: 'background 0.12s',
  _before: {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    w: '14px',
    h: '14px',
    borderRadius: '50%',
    bg: 'bg.surface',
    transition: 'left 0.12s',
  },
  _checked: { bg: 'accent', _before: { left: '16px' } },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
});

/** An on/off value: a real checkbox with the switch role (Space toggles), label beside it. */
export function SwitchField(props: FieldProps<boolean>) {
  const b = useFieldBinding(props, false);
  return (
    <Field binding={b} inline className={props.className}>
      {(aria) => (
        <input
          {...aria}
          type="checkbox"
          role="switch"
          name={b.name || undefined}
          className={track}
          checked={Boolean(b.value)}
          disabled={b.disabled || b.readOnly}
          onChange={(e) => {
            b.setValue(e.target.checked);
            b.touch();
          }}
        />
      )}
    </Field>
  );
}
