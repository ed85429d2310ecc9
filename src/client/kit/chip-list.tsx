import { useMemo } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';
import { labelledRegion } from './fields/overlay-landmarks';
import { popover } from './grid/styles';

// The chips give way (ellipsis) before "+N" does: it stays whole and in view beside them.
const box = css({ display: 'flex', gap: '1', minW: 0, alignItems: 'center' });
const chips = css({ display: 'flex', gap: '1', minW: 0, overflow: 'hidden' });
const chipBox = {
  px: '2',
  h: '20px',
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'xs',
  whiteSpace: 'nowrap',
  flexShrink: 0,
} as const;
const chip = css({ ...chipBox, display: 'block', lineHeight: '18px', bg: 'bg.subtle', maxW: '160px', minW: '40px', flexShrink: 1, overflow: 'hidden', textOverflow: 'ellipsis' });
const more = css({
  ...chipBox,
  bg: 'bg.surface',
  color: 'fg',
  cursor: 'pointer',
  outline: 'none',
  '&[data-hovered]': { bg: 'bg.hover' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '1px' },
});
const dialog = css({ p: '2', maxW: '320px', maxH: '50vh', overflowY: 'auto', outline: 'none' });
const list = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', '& li': { overflowWrap: 'anywhere' } });

export interface ChipListProps {
  /** The names, in order. */
  names: readonly string[];
  /** What the names are, as a plural noun for "Show 2 more {label}" ("revenue sources"). */
  label: string;
  /** The whole list as screen readers hear it (the chips themselves are hidden from them). */
  readOut: string;
  /** Chips shown before "+N"; 3 as spec 2, 2 shows revenue sources. */
  max?: number;
}

/**
 * Names as chips: the first `max`, then a "+N" button that opens a popover listing the rest. Inside a
 * grid cell the button is the cell's focus target (`data-focus-target`): moving the grid's cursor to the
 * cell focuses it, Enter or Space opens the popover (a react-aria dialog), Escape closes it and returns
 * the focus to the button, where the grid's keys go on working. It stays out of the Tab order: a grid
 * row holds one tab stop.
 */
export function ChipList({ names, label, readOut, max = 3 }: ChipListProps) {
  const t = useT();
  const rest = names.slice(max);
  const moreLabel = t('grid.chips.more', { count: rest.length, label });
  const restLabel = t('grid.chips.rest', { label });
  // Portaled to the end of <body>: a labelled region keeps it (and react-aria's dismiss buttons) in a landmark.
  const asRegion = useMemo(() => labelledRegion({ label: restLabel }), [restLabel]);
  return (
    <span className={box}>
      <span className={chips}>
        {names.slice(0, max).map((name, i) => (
          <span key={i} className={chip} title={name} aria-hidden="true">
            {name}
          </span>
        ))}
      </span>
      <span className="sr-only">{readOut}</span>
      {rest.length > 0 && (
        <DialogTrigger>
          <Button className={more} aria-label={moreLabel} excludeFromTabOrder data-focus-target="" data-chip-more="">
            <span aria-hidden="true">+{rest.length}</span>
          </Button>
          <Popover placement="bottom start" className={popover} ref={asRegion}>
            <Dialog aria-label={restLabel} className={dialog}>
              <ul className={list}>
                {rest.map((name, i) => (
                  <li key={i}>{name}</li>
                ))}
              </ul>
            </Dialog>
          </Popover>
        </DialogTrigger>
      )}
    </span>
  );
}
