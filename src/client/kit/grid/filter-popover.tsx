import { lazy, Suspense, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { compactFilter, sameFilter, type Filter, type FilterValue, type ListState } from '../list-state';
import { FilterButtonLabel } from './filter-button';
import { draftProblems, type FilterField } from './filters';
import { popover } from './styles';

/**
 * The filter popover (spec 1, 2.5a): a Filter button with a badge counting active filters opens it,
 * as does `show=filter` in the address. 'Clear' returns the fields to the screen's initial filter;
 * 'Filter' is enabled only when the values differ from the applied ones, and applies them (page 1,
 * popover closed). A react-aria Dialog in a Popover: focus is trapped, Escape closes, focus returns
 * to the button.
 */
// The fields (date pickers, combo boxes) load when the popover is first wanted, not with every list.
const loadFields = () => import('./filter-fields');
const FilterFieldInput = lazy(() => loadFields().then((m) => ({ default: m.FilterFieldInput })));

export interface FilterPopoverProps {
  fields: FilterField[];
  state: Pick<ListState, 'filter' | 'filterOpen' | 'setFilter' | 'setFilterOpen' | 'defaults'>;
  /** After 'Filter' applied new values (a list screen moves the focus to its grid). */
  onApplied?(): void;
}

const dialog = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3', w: '320px', maxW: '90vw', outline: 'none' });
const heading = css({ fontSize: 'md', fontWeight: '600', m: 0 });
const body = css({ display: 'flex', flexDirection: 'column', gap: '3', maxH: '60vh', overflowY: 'auto', pr: '1' });
const footer = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '1' });

export function FilterPopover({ fields, state, onApplied }: FilterPopoverProps) {
  return (
    <DialogTrigger isOpen={state.filterOpen} onOpenChange={state.setFilterOpen}>
      <Button className={button({ variant: 'secondary' })} data-filter-button="" onHoverStart={loadFields} onFocus={loadFields}>
        <FilterButtonLabel filter={state.filter} />
      </Button>
      {/* A labelled region: react-aria puts hidden dismiss buttons beside the dialog, and they must sit
          inside a landmark (axe's `region` rule). The popover is already labelled by its trigger. */}
      <Popover placement="bottom end" className={popover} ref={markRegion}>
        <Dialog className={dialog}>
          <FilterForm fields={fields} state={state} onApplied={onApplied} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

// react-aria's Popover takes no role prop; the element is ours once mounted.
export const markRegion = (el: HTMLElement | null) => el?.setAttribute('role', 'region');

/** Mounted on every opening, so the fields start from the applied filter. */
function FilterForm({ fields, state, onApplied }: FilterPopoverProps) {
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
        if (!changed || !valid) return;
        state.setFilter(compactFilter(draft));
        onApplied?.();
      }}
    >
      <Heading slot="title" className={heading}>
        {t('grid.filter.title')}
      </Heading>
      <div className={body}>
        <Suspense fallback={<p role="status">{t('grid.loading')}</p>}>
          {fields.map((field) => (
            <FilterFieldInput
              key={field.name}
              field={field}
              value={draft[field.name]}
              onChange={(v) => set(field.name, v)}
              problem={problems[field.name] ? t(problems[field.name]) : undefined}
            />
          ))}
        </Suspense>
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
