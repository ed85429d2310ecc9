import { css } from 'styled-system/css';
import { DEFAULT_TAG_COLOR } from '../../../shared/validation/tags';

const dot = css({ display: 'inline-block', w: '10px', h: '10px', borderRadius: 'full', mr: '1.5', flexShrink: 0, borderWidth: '1px', borderColor: 'border.strong', verticalAlign: 'baseline' });

/** A tag's name after a dot of its chip colour (decoration; the name says it all). */
export function TagName({ name, color }: { name: string; color: string | null }) {
  return (
    <span>
      <span className={dot} style={{ background: color ?? DEFAULT_TAG_COLOR }} aria-hidden="true" />
      {name}
    </span>
  );
}
