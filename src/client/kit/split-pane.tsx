import { Splitter, useSplitter } from '@ark-ui/react/splitter';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { useT } from '../lib/i18n';
import { PANE_ATTRIBUTE } from './panes';

/**
 * A list beside the details of its active row, on Ark UI's Splitter: the divider is a focusable
 * `role=separator` with aria-valuenow/min/max (the list's share of the width in %); arrows move it
 * (Shift for bigger steps), Home/End go to the limits, Enter or a double click resets it; dragging works
 * with mouse, pen and touch. The size is remembered in localStorage per `storageKey`. Each side is a
 * pane that F6 moves between (`panes.ts`). Nothing is written to the address: the route stays the spec's.
 */
export interface SplitPaneProps {
  /** Remembers the size under `remit.split.<storageKey>`. */
  storageKey: string;
  /** The list side. */
  children: ReactNode;
  /** The details side; null hides it (and the divider), the list takes the full width. */
  detail: ReactNode | null;
  /** Translated name of the details region. */
  detailLabel?: string;
  /** The list's share of the width in percent. */
  defaultSize?: number;
  min?: number;
  max?: number;
  className?: string;
}

const STEP = 2;
/** Keys the separator owns: they must not reach the grid or the global hotkeys. */
const OWN_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Enter']);

const layout = css({ display: 'flex', minH: 0, minW: 0, h: '100%', w: '100%' });
const pane = css({ display: 'flex', flexDirection: 'column', minW: 0, minH: 0, overflow: 'hidden' });
const details = css({ display: 'flex', flexDirection: 'column', minH: 0, flex: '1 1 auto', overflow: 'auto', outline: 'none', _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' } });
const divider = css({
  w: '8px',
  position: 'relative',
  outline: 'none',
  _before: { content: '""', position: 'absolute', top: 0, bottom: 0, left: '3.5px', w: '1px', bg: 'border' },
  _hover: { _before: { bg: 'accent', w: '2px', left: '3px' } },
  _focusVisible: { _before: { bg: 'focus', w: '2px', left: '3px' }, outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
  '&[data-dragging]': { _before: { bg: 'accent', w: '2px', left: '3px' } },
});

function readSize(key: string, fallback: number, min: number, max: number): number {
  try {
    const stored = localStorage.getItem(key);
    const value = stored === null ? NaN : Number(stored);
    return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
  } catch {
    return fallback;
  }
}

function writeSize(key: string, size: number): void {
  try {
    localStorage.setItem(key, String(size));
  } catch {
    // private mode or full storage: the size just is not remembered
  }
}

const round = (size: number) => Math.round(size * 10) / 10;

export function SplitPane({ storageKey, children, detail, detailLabel, defaultSize = 60, min = 20, max = 80, className }: SplitPaneProps) {
  const t = useT();
  const key = `remit.split.${storageKey}`;
  // Read once: the splitter keeps the size itself, so a drag re-renders neither the list nor the details.
  const [initial] = useState(() => readSize(key, defaultSize, min, max));
  const splitter = useSplitter({
    panels: [
      { id: 'list', minSize: min, maxSize: max },
      { id: 'detail', minSize: 100 - max, maxSize: 100 - min },
    ],
    defaultSize: [initial, 100 - initial],
    keyboardResizeBy: STEP,
    onResizeEnd: (d) => writeSize(key, round(d.size[0])),
  });

  if (detail === null) {
    return (
      <div className={cx(layout, className)}>
        <div className={pane} style={{ flex: 1 }} {...{ [PANE_ATTRIBUTE]: '' }}>
          {children}
        </div>
      </div>
    );
  }

  const reset = () => {
    splitter.setSizes([defaultSize, 100 - defaultSize]);
    writeSize(key, defaultSize);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!OWN_KEYS.has(e.key)) return;
    e.stopPropagation();
    if (e.key === 'Enter') reset();
  };

  return (
    <Splitter.RootProvider value={splitter} className={cx(layout, className)}>
      <Splitter.Panel id="list" className={pane} {...{ [PANE_ATTRIBUTE]: '' }}>
        {children}
      </Splitter.Panel>
      <Splitter.ResizeTrigger
        id="list:detail"
        className={divider}
        aria-label={t('grid.split.resize')}
        // The line between the panes is vertical (Ark names the splitter's direction instead).
        aria-orientation="vertical"
        onKeyDown={onKeyDown}
        onDoubleClick={reset}
      />
      <Splitter.Panel id="detail" className={pane}>
        {/* Focusable so F6 can land on it without moving into a field or a link of the details. */}
        <section aria-label={detailLabel ?? t('grid.split.details')} className={details} tabIndex={-1} {...{ [PANE_ATTRIBUTE]: '' }}>
          {detail}
        </section>
      </Splitter.Panel>
    </Splitter.RootProvider>
  );
}
