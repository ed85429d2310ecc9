import { css } from 'styled-system/css';
import { LocaleCode } from './columns';

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  maxW: '100%',
  px: '2',
  h: '20px',
  borderRadius: 'full',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'xs',
  color: 'fg',
});
const name = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const locale = css({ color: 'fg.muted' });

/** A FAQ's section in the FAQ list: its name and locale (spec 1, 2.14). */
export function SectionChip({ section }: { section: { name: string; locale: string } }) {
  return (
    <span className={chip}>
      <span className={name}>{section.name}</span>{' '}
      <span className={locale}>
        <LocaleCode locale={section.locale} />
      </span>
    </span>
  );
}
