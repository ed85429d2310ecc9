import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { scopedCommands } from '../../../../commands/registry';
import type { Selection } from '../../../../commands/types';
import { useT } from '../../lib/i18n';
import { CommandButton } from './command-button';
import { bulkBar, toolbar } from './styles';

/**
 * Shown above the grid while rows are selected: "N selected", the resource's `bulk` commands (each given
 * the selection; a disabled one says why) and "Clear selection" last. It takes its own line above the
 * header (never over it) and wraps when the actions do not fit, so every action stays visible and
 * focusing one never scrolls anything. One tab stop (roving tabindex): Tab from before and Shift+Tab
 * from the grid both land on the first action, ←/→/Home/End move between the buttons; Escape and
 * "Clear selection" give the focus back to the grid (the grid's `onClear`).
 */
export function BulkToolbar({ selection, onClear }: { selection: Selection; onClear(): void }) {
  const t = useT();
  const commands = scopedCommands(selection.resource, 'bulk');
  const ref = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const buttons = () => [...(ref.current?.querySelectorAll<HTMLElement>('button') ?? [])];
  // The buttons are CommandButtons (hidden ones render nothing): the tab stop is set on what rendered.
  useLayoutEffect(() => {
    const all = buttons();
    const stop = Math.min(current, all.length - 1);
    all.forEach((b, i) => (b.tabIndex = i === stop ? 0 : -1));
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClear();
      return;
    }
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = all[Math.max(0, Math.min(all.length - 1, next))];
    target.focus();
  };
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={t('grid.bulk_actions')}
      className={cx(toolbar, bulkBar)}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const at = buttons().indexOf(e.target as HTMLElement);
        if (at >= 0) setCurrent(at);
      }}
    >
      <span className={css({ fontWeight: '600', mr: '2', fontVariantNumeric: 'tabular-nums' })}>{t('grid.selected', { count: selection.ids.length })}</span>
      {commands.map((c) => (
        <CommandButton key={c.id} command={c.id} size="sm" extras={{ selection }} />
      ))}
      <span className={css({ flex: 1 })} />
      <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onClear} aria-keyshortcuts="Escape">
        {t('grid.clear_selection')}
      </button>
    </div>
  );
}
