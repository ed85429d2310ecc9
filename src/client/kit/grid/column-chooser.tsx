import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { ColumnButtonLabel } from './column-button';
import type { ColumnChoice } from './column-choice';
import { markRegion } from './filter-popover';
import { popover } from './styles';

const dialog = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', w: '280px', maxW: '90vw', outline: 'none' });
const heading = css({ fontSize: 'md', fontWeight: '600', m: 0 });
const list = css({ display: 'flex', flexDirection: 'column', gap: '1', maxH: '60vh', overflowY: 'auto', border: 0, p: 0, m: 0 });
const option = css({ display: 'flex', alignItems: 'center', gap: '2', py: '0.5', '& input': { accentColor: 'accent' } });

/**
 * The column chooser (issue 24): a checkbox per column of the list, the row's name column fixed, and
 * "Show all". A react-aria Dialog in a Popover: focus on the first box, Escape closes, focus returns to
 * the button. The command `shell.columns` opens it from the palette.
 */
export function ColumnChooser<T>({ choice }: { choice: ColumnChoice<T> }) {
  const t = useT();
  return (
    <DialogTrigger>
      <Button className={button({ variant: 'secondary' })} data-column-chooser="">
        <ColumnButtonLabel hidden={choice.all.length - choice.shown.length} />
      </Button>
      <Popover placement="bottom end" className={popover} ref={markRegion}>
        <Dialog className={dialog}>
          <Heading slot="title" className={heading}>
            {t('grid.columns.title')}
          </Heading>
          <fieldset className={list}>
            <legend className="sr-only">{t('grid.columns.title')}</legend>
            {choice.all.map((c, i) => (
              <label key={c.id} className={option}>
                <input
                  // the first box that can change takes the focus when the chooser opens
                  autoFocus={i === choice.all.findIndex((x) => x.id !== choice.fixed)}
                  type="checkbox"
                  checked={c.id === choice.fixed || !choice.hidden.has(c.id)}
                  disabled={c.id === choice.fixed}
                  onChange={(e) => choice.setShown(c.id, e.target.checked)}
                />
                {t(c.header)}
              </label>
            ))}
          </fieldset>
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={choice.showAll} disabled={choice.hidden.size === 0}>
              {t('grid.columns.show_all')}
            </button>
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
