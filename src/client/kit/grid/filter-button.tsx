import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { DeferredButton, deferred } from '../deferred';
import { activeFilterCount } from '../list-state';
import type { FilterPopoverProps } from './filter-popover';

// The popover (react-aria) loads at the first key or pointer press, when the button is hovered or
// focused, or at once when the address asks for it open (`show=filter`).
const filterPopover = deferred(() => import('./filter-popover'));

const filterBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '18px',
  h: '18px',
  px: '1',
  borderRadius: 'full',
  bg: 'accent',
  color: 'fg.onAccent',
  fontSize: 'xs',
  fontWeight: '600',
  fontVariantNumeric: 'tabular-nums',
});

/** The Filter button with its count of active filters, and the filter popover it opens. */
export function FilterButton(props: FilterPopoverProps) {
  return (
    <DeferredButton module={filterPopover} now={props.state.filterOpen} placeholder={(activate) => <FilterButtonFace filter={props.state.filter} onClick={activate} />}>
      {(m) => <m.FilterPopover {...props} />}
    </DeferredButton>
  );
}

/** The button's content; the placeholder shows it in a plain `<button>` until the popover's code is there. */
export function FilterButtonLabel({ filter }: { filter: FilterPopoverProps['state']['filter'] }) {
  const t = useT();
  const count = activeFilterCount(filter);
  return (
    <>
      <span>{t('grid.filter.button')}</span>
      {count > 0 && (
        <>
          <span className={filterBadge} aria-hidden="true">
            {count}
          </span>{' '}
          <span className="sr-only">{t('grid.filter.active', { count })}</span>
        </>
      )}
    </>
  );
}

function FilterButtonFace({ filter, onClick }: { filter: FilterPopoverProps['state']['filter']; onClick(): void }) {
  return (
    <button type="button" className={button({ variant: 'secondary' })} data-filter-button="" aria-haspopup="dialog" aria-expanded="false" onClick={onClick}>
      <FilterButtonLabel filter={filter} />
    </button>
  );
}
