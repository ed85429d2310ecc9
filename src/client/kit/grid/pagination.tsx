import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { languageAtom, useT } from '../../lib/i18n';
import { lastPage, PAGE_SIZES, type ListState } from '../list-state';

/**
 * "1–10 of 57", the page size (10/20/50) and first/previous/next/last (spec 1, 2.5a): previous is
 * disabled on page 1, next on the last page (ceil(total / size)); a new page size keeps the first
 * visible row visible (ListState.setPageSize). A capped total ("1–10 of 10,000+") is a lower bound:
 * next stays enabled and the last page is unknown.
 */
export interface PaginationProps {
  state: Pick<ListState, 'p' | 's' | 'setPage' | 'setPageSize'>;
  total: number;
  totalCapped?: boolean;
  sizes?: readonly number[];
  className?: string;
}

const bar = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '3', py: '1.5', fontSize: 'sm', color: 'fg.muted', flexWrap: 'wrap' });
const select = css({
  h: '26px',
  px: '1',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  color: 'fg',
  fontSize: 'sm',
});
const range = css({ fontVariantNumeric: 'tabular-nums', color: 'fg', minW: '9em', textAlign: 'right' });
const arrows = css({ display: 'flex', gap: '1' });

// WCAG 2.5.8: a pointer target of at least 24 × 24 px, however narrow its arrow glyph.
const navButton = css({ minW: '24px', minH: '24px' });

export function Pagination({ state, total, totalCapped = false, sizes = PAGE_SIZES, className }: PaginationProps) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const sizeId = useId();
  const number = new Intl.NumberFormat(lng);
  const last = lastPage(total, state.s);
  const from = total === 0 ? 0 : totalCapped ? (state.p - 1) * state.s + 1 : Math.min((state.p - 1) * state.s + 1, total);
  const to = totalCapped ? state.p * state.s : Math.min(state.p * state.s, total);
  const values = { from: number.format(from), to: number.format(to), total: number.format(total) };
  const text = total === 0 ? t('grid.pagination.range_empty') : t(totalCapped ? 'grid.pagination.range_capped' : 'grid.pagination.range', values);
  const nav = (label: string, symbol: string, page: number, disabled: boolean) => (
    <button
      type="button"
      className={cx(button({ variant: 'ghost', size: 'sm' }), navButton)}
      aria-label={label}
      title={label}
      // aria-disabled rather than disabled: the button keeps the focus when the last page is reached
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && state.setPage(page)}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <nav aria-label={t('grid.pagination.label')} className={className ? `${bar} ${className}` : bar}>
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
        <label htmlFor={sizeId}>{t('grid.pagination.page_size')}</label>
        <select id={sizeId} className={select} value={state.s} onChange={(e) => state.setPageSize(Number(e.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      <span className={range} aria-live="polite">
        {text}
      </span>
      <span className={arrows}>
        {nav(t('grid.pagination.first'), '«', 1, state.p <= 1)}
        {nav(t('grid.pagination.previous'), '‹', state.p - 1, state.p <= 1)}
        {nav(t('grid.pagination.next'), '›', state.p + 1, !totalCapped && state.p >= last)}
        {nav(t('grid.pagination.last'), '»', last, totalCapped || state.p >= last)}
      </span>
    </nav>
  );
}
