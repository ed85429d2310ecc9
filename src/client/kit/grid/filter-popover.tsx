import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { compactFilter, sameFilter, type Filter, type FilterValue, type ListState } from '../list-state';
import { FilterFieldInput } from './filter-fields';
import { activeFilterCount, draftProblems, type FilterField } from './filters';
import { popover } from './styles';

/**
 * The filter popover (spec 1, 2.5a): a Filter button with a badge counting active filters opens it,
 * as does `show=filter` in the address. 'Clear' returns the fields to the screen's initial filter;
 * 'Filter' is enabled only when the values differ from the applied ones, and applies them (page 1,
 * popover closed). A react-aria Dialog in a Popover: focus is trapped, Escape closes, focus returns
 * to the button.
 */
export interface FilterPopoverProps {
  fields: FilterField[];
  state: Pick<ListState, 'filter' | 'filterOpen' | 'setFilter' | 'setFilterOpen' | 'defaults'>;
}

const badge = css({
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
const dialog = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3', w: '320px', maxW: '90vw', outline: 'none' });
const heading = css({ fontSize: 'md', fontWeight: '600', m: 0 });
const body = css({ display: 'flex', flexDirection: 'column', gap: '3', maxH: '60vh', overflowY: 'auto', pr: '1' });
const footer = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '1' });

export function FilterPopover({ fields, state }: FilterPopoverProps) {
  const t = useT();
  const count = activeFilterCount(state.filter);
  return (
    <DialogTrigger isOpen={state.filterOpen} onOpenChange={state.setFilterOpen}>
      <Button className={button({ variant: 'secondary' })} data-filter-button="">
        <span>{t('grid.filter.button')}</span>
        {count > 0 && (
          <>
            <span className={badge} aria-hidden="true">
              {count}
            </span>
            {' '}
            <span className="sr-only">{t('grid.filter.active', { count })}</span>
          </>
        )}
      </Button>
      {/* A labelled region: react-aria puts hidden dismiss buttons beside the dialog, and they must sit
          inside a landmark (axe's `region` rule). The popover is already labelled by its trigger. */}
      <Popover placement="bottom end" className={popover} ref={markRegion}>
        <Dialog className={dialog}>
          <FilterForm fields={fields} state={state} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

// react-aria's Popover takes no role prop; the element is ours once mounted.
const markRegion = (el: HTMLElement | null) => el?.setAttribute('role', 'region');

/** Mounted on every opening, so the fields start from the applied filter. */
function FilterForm({ fields, state }: FilterPopoverProps) {
  const t = useT();
  const [draft, setDraft] = useState<Filter>(() => compactFilter(state.filter));
  const problems = draftProblems(fields, draft);
  const changed = !sameFilter(draft, state.filter);
  const valid = Object.keys(problems).length === 0;
  const set = (name: string, value: FilterValue | undefined) =>
    setDraft((d) => {
      const next = { ...d };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
  return (
    <form
      className={css({ display: 'contents' })}
      onSubmit={(e) => {
        e.preventDefault();
        if (changed && valid) state.setFilter(compactFilter(draft));
      }}
    >
      <Heading slot="title" className={heading}>
        {t('grid.filter.title')}
      </Heading>
      <div className={body}>
        {fields.map((field) => (
          <FilterFieldInput
            key={field.name}
            field={field}
            value={draft[field.name]}
            onChange={(v) => set(field.name, v)}
            problem={problems[field.name] ? t(problems[field.name]) : undefined}
          />
        ))}
      </div>
      <div className={footer}>
        <button type="button" className={button({ variant: 'ghost' })} onClick={() => setDraft(compactFilter(state.defaults.filter))}>
          {t('grid.filter.clear')}
        </button>
        <button type="submit" className={button({ variant: 'primary' })} disabled={!changed || !valid}>
          {t('grid.filter.apply')}
        </button>
      </div>
    </form>
  );
}
