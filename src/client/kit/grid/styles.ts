import { css } from 'styled-system/css';

/** Shared classes of the grid parts. Dense (30 px rows), calm (no zebra), tokens only. */
export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 32;

export const frame = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minH: 0,
  minW: 0,
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  overflow: 'hidden',
});

export const scroller = css({ position: 'relative', flex: '1 1 auto', minH: 0, overflow: 'auto', overscrollBehavior: 'contain' });

export const grid = css({ position: 'relative', fontSize: 'sm', color: 'fg' });

export const head = css({ position: 'sticky', top: 0, zIndex: 3, bg: 'bg.subtle' });

export const row = css({
  display: 'grid',
  gridTemplateColumns: 'var(--grid-cols)',
  alignItems: 'stretch',
  h: 'row',
  borderBottomWidth: '1px',
  borderColor: 'border',
  bg: 'bg.surface',
  cursor: 'default',
  outline: 'none',
  _hover: { bg: 'bg.hover' },
  '&[aria-selected=true]': { bg: 'bg.selected' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
  '&[data-editing]': { zIndex: 2, position: 'relative' },
});

export const virtualRow = css({ position: 'absolute', top: 0, left: 0, right: 0 });

export const headerRow = css({
  display: 'grid',
  gridTemplateColumns: 'var(--grid-cols)',
  alignItems: 'stretch',
  h: '32px',
  borderBottomWidth: '1px',
  borderColor: 'border.strong',
  fontWeight: '600',
  color: 'fg.muted',
  fontSize: 'xs',
});

export const cell = css({
  display: 'flex',
  alignItems: 'center',
  minW: 0,
  px: '2',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  outline: 'none',
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
  '&[data-align=end]': { justifyContent: 'flex-end', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '&[data-editing]': { overflow: 'visible', px: '0.5', position: 'relative' },
});

export const cellText = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 });

export const checkCell = css({ justifyContent: 'center', px: '0' });

export const checkbox = css({
  w: '14px',
  h: '14px',
  accentColor: 'accent',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed', opacity: 0.55 },
});

export const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  w: '100%',
  h: '100%',
  px: '2',
  mx: '-2',
  font: 'inherit',
  color: 'inherit',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  textAlign: 'inherit',
  '&[data-align=end]': { justifyContent: 'flex-end' },
  _hover: { color: 'fg' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
});

export const menuButton = css({
  w: '24px',
  h: '22px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'sm',
  border: 'none',
  bg: 'transparent',
  color: 'fg.muted',
  cursor: 'pointer',
  fontSize: 'md',
  lineHeight: 1,
  _hover: { bg: 'bg.subtle', color: 'fg' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-1px' },
  '&[aria-expanded=true]': { bg: 'bg.subtle', color: 'fg' },
});

export const messageCell = css({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '3',
  color: 'fg.muted',
});

export const messageRow = css({ display: 'grid', gridTemplateColumns: 'var(--grid-cols)', minH: '60px' });

export const overlay = css({
  position: 'absolute',
  inset: 0,
  zIndex: 4,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  pt: '12',
  bg: 'color-mix(in srgb, token(colors.bg.surface) 55%, transparent)',
  cursor: 'progress',
});

export const overlayBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '1.5',
  borderRadius: 'md',
  bg: 'bg.surface',
  color: 'fg',
  boxShadow: 'popover',
  fontSize: 'sm',
});

export const spinner = css({
  w: '14px',
  h: '14px',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border',
  borderTopColor: 'accent',
  animation: 'spin 0.8s linear infinite',
  _motionReduce: { animation: 'none' },
});

export const editorInput = css({
  w: '100%',
  h: '26px',
  px: '1.5',
  borderRadius: 'sm',
  borderWidth: '1px',
  borderColor: 'accent',
  bg: 'bg.surface',
  color: 'fg',
  fontSize: 'sm',
  outline: 'none',
  '&[data-align=end]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '0' },
  _invalid: { borderColor: 'danger' },
});

export const editorError = css({
  position: 'absolute',
  top: 'calc(100% + 2px)',
  left: 0,
  zIndex: 5,
  px: '2',
  py: '1',
  borderRadius: 'sm',
  bg: 'danger.bg',
  color: 'danger',
  borderWidth: '1px',
  borderColor: 'danger',
  fontSize: 'xs',
  whiteSpace: 'nowrap',
  boxShadow: 'popover',
});

export const toolbar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1.5',
  minH: '40px',
  borderBottomWidth: '1px',
  borderColor: 'border',
  bg: 'bg.selected',
  color: 'fg',
});

/** The bulk toolbar lies over the header row while rows are selected, so the rows never shift. */
/** The bulk toolbar: its own lines above the header, wrapping rather than hiding an action. */
export const bulkBar = css({ flexWrap: 'wrap', flexShrink: 0, minH: `${HEADER_HEIGHT}px`, rowGap: '1', py: '1' });

export const popover = css({
  bg: 'bg.surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  boxShadow: 'popover',
  outline: 'none',
});

export const menu = css({ minW: '180px', py: '1', outline: 'none', maxH: 'inherit', overflow: 'auto' });

export const menuItem = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  cursor: 'pointer',
  outline: 'none',
  color: 'fg',
  '&[data-focused]': { bg: 'bg.hover' },
  '&[data-disabled]': { color: 'fg.muted', cursor: 'not-allowed' },
});

export const menuItemLine = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' });

export const menuDescription = css({ fontSize: 'xs', color: 'fg.muted' });

export const kbd = css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' });
