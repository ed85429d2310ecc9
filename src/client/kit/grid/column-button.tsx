import { button } from 'styled-system/recipes';
import { DeferredButton, deferred } from '../deferred';
import type { ColumnChoice } from './column-choice';
import { useT } from '../../lib/i18n';

// The chooser's popover (react-aria) loads with the first key or pointer press, like the filter's.
const chooser = deferred(() => import('./column-chooser'));

/** The list's "Columns" button and the chooser it opens. */
export function ColumnButton<T>({ choice }: { choice: ColumnChoice<T> }) {
  return (
    <DeferredButton
      module={chooser}
      placeholder={(activate) => (
        <button type="button" className={button({ variant: 'secondary' })} data-column-chooser="" aria-haspopup="dialog" aria-expanded="false" onClick={activate}>
          <ColumnButtonLabel hidden={choice.all.length - choice.shown.length} />
        </button>
      )}
    >
      {(m) => <m.ColumnChooser choice={choice} />}
    </DeferredButton>
  );
}

/** The button's text: "Columns", and how many are hidden, so a hidden column is never a silent one. */
export function ColumnButtonLabel({ hidden }: { hidden: number }) {
  const t = useT();
  return <>{hidden ? t('grid.columns.button_hidden', { count: hidden }) : t('grid.columns.button')}</>;
}

