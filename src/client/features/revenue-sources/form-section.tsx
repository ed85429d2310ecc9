import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../lib/i18n';

const sectionStyle = css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const legendStyle = css({ fontWeight: '600', fontSize: 'sm', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em', p: 0, mb: '1' });
export const fieldGrid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start' });
export const wide = css({ gridColumn: '1 / -1' });
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '5' });

/** A titled group of fields on a general tab. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <fieldset className={sectionStyle}>
      <legend className={legendStyle}>{t(title)}</legend>
      <div className={fieldGrid}>{children}</div>
    </fieldset>
  );
}
