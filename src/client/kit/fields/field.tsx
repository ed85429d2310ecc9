import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import type { FieldBinding } from './binding';
import { fieldStyles } from './styles';

/** The ARIA wiring a control gets from `<Field>`: spread it on the element that takes the input. */
export interface ControlAria {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
  'aria-labelledby': string;
}

export interface FieldFrameProps {
  binding: Pick<FieldBinding<unknown>, 'id' | 'name' | 'label' | 'hint' | 'errorText' | 'required'>;
  /** The control, given its ARIA wiring. */
  children(aria: ControlAria): ReactNode;
  /** Label beside the control (switches) instead of above it. */
  inline?: boolean;
  className?: string;
}

/**
 * The one wrapper every field uses: visible label (with the required marker), the control, the hint
 * and the first error message, wired with `aria-invalid`, `aria-describedby` and `aria-required`.
 */
export function Field({ binding, children, inline, className }: FieldFrameProps) {
  const { id, label, hint, errorText, required } = binding;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const aria: ControlAria = {
    id,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-required': required || undefined,
    'aria-labelledby': `${id}-label`,
  };
  const labelEl = (
    <label id={`${id}-label`} htmlFor={id} className={fieldStyles.label}>
      {label}
      {required && (
        <span className={fieldStyles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={cx(fieldStyles.field, className)} data-field={binding.name || undefined} data-invalid={errorText ? '' : undefined}>
      {inline ? (
        <div className={fieldStyles.inline}>
          {children(aria)}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {children(aria)}
        </>
      )}
      {hint && (
        <div id={hintId} className={fieldStyles.hint}>
          {hint}
        </div>
      )}
      {errorText && (
        <div id={errorId} className={fieldStyles.error}>
          {errorText}
        </div>
      )}
    </div>
  );
}
