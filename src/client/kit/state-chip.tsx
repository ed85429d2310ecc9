import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

/** The spec's chip colours of a record's state (spec 2, 4: vendors and contracts). */
export type ChipTone = 'info' | 'success' | 'warning' | 'error' | 'neutral';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  h: '20px',
  borderRadius: 'full',
  borderWidth: '1px',
  fontSize: 'xs',
  fontWeight: '500',
  whiteSpace: 'nowrap',
});
const tones: Record<ChipTone, string> = {
  info: css({ bg: 'bg.selected', color: 'accent', borderColor: 'accent' }),
  success: css({ bg: 'success.bg', color: 'success', borderColor: 'success' }),
  warning: css({ bg: 'warning.bg', color: 'warning', borderColor: 'warning' }),
  error: css({ bg: 'danger.bg', color: 'danger', borderColor: 'danger' }),
  neutral: css({ bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border' }),
};

/** A state as a coloured chip; `icon` (decorative) goes before the text, `title` adds a tooltip. */
export function StateChip({ tone, icon, title, children }: { tone: ChipTone; icon?: ReactNode; title?: string; children: ReactNode }) {
  return (
    <span className={cx(base, tones[tone])} title={title}>
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </span>
  );
}
