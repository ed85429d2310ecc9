import { Toolbar } from 'react-aria-components';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { scopedCommands } from '../../../../commands/registry';
import type { Selection } from '../../../../commands/types';
import { useT } from '../../lib/i18n';
import { CommandButton } from './command-button';
import { bulkBar, toolbar } from './styles';

/**
 * Shown while rows are selected: "N selected", the resource's `bulk` commands (each given the
 * selection; a disabled one says why) and a way to clear the selection. Arrow keys move between the
 * buttons (react-aria Toolbar). It covers the header row instead of pushing the rows down; the grid's
 * live region announces the count.
 */
export function BulkToolbar({ selection, onClear }: { selection: Selection; onClear(): void }) {
  const t = useT();
  const commands = scopedCommands(selection.resource, 'bulk');
  return (
    <Toolbar aria-label={t('grid.bulk_actions')} className={cx(toolbar, bulkBar)}>
      <span className={css({ fontWeight: '600', mr: '2', fontVariantNumeric: 'tabular-nums' })}>{t('grid.selected', { count: selection.ids.length })}</span>
      {commands.map((c) => (
        <CommandButton key={c.id} command={c.id} size="sm" extras={{ selection }} />
      ))}
      <span className={css({ flex: 1 })} />
      <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onClear}>
        {t('grid.clear_selection')}
      </button>
    </Toolbar>
  );
}
