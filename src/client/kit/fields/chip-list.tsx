import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Button, Tag, TagGroup, TagList } from 'react-aria-components';
import { useT } from '../../lib/i18n';
import { fieldStyles } from './styles';

export interface Chip {
  id: string;
  label: string;
  /** Marked as wrong (a server error on this entry). */
  invalid?: boolean;
}

export interface ChipListProps {
  /** Translated name of the group ('Roles: chosen'). */
  label: string;
  chips: Chip[];
  onRemove(ids: string[]): void;
  disabled?: boolean;
  /**
   * The order matters (earnings-mapping rules): chips show their position, and Ctrl or Alt with an arrow
   * key moves the focused chip one place (←/↑ earlier, →/↓ later); the chip keeps the focus.
   */
  onMove?(id: string, to: number): void;
}

const EARLIER = new Set(['ArrowLeft', 'ArrowUp']);
const LATER = new Set(['ArrowRight', 'ArrowDown']);

/**
 * Chosen values as chips (react-aria TagGroup): arrow keys move between chips, Delete or Backspace
 * removes the focused one, each chip also has a remove button (named 'Remove <chip>'). A focus owner for the shell's hotkeys.
 */
export function ChipList({ label, chips, onRemove, disabled, onMove }: ChipListProps) {
  const t = useT();
  const hintId = useId();
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);
  const ordered = Boolean(onMove) && !disabled;

  useEffect(() => {
    const id = refocus.current;
    if (id === null || !root.current) return;
    refocus.current = null;
    root.current.querySelector<HTMLElement>(`[data-chip-id="${CSS.escape(id)}"]`)?.focus();
  });

  if (chips.length === 0) return null;

  // Before react-aria sees the arrow (it would move the focus instead), and before the browser (Alt+← is "back").
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!ordered || !(e.ctrlKey || e.altKey) || e.shiftKey || e.metaKey) return;
    const step = EARLIER.has(e.key) ? -1 : LATER.has(e.key) ? 1 : 0;
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-chip-id]')?.dataset.chipId;
    if (!step || id === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    const from = chips.findIndex((c) => c.id === id);
    const to = Math.max(0, Math.min(chips.length - 1, from + step));
    if (to === from) return;
    refocus.current = id;
    onMove!(id, to);
  };

  return (
    <div ref={root} onKeyDownCapture={ordered ? onKeyDownCapture : undefined}>
      <TagGroup aria-label={label} aria-describedby={ordered ? hintId : undefined} onRemove={disabled ? undefined : (keys) => onRemove([...keys].map(String))} data-focus-owner="">
        <TagList className={fieldStyles.chips}>
          {chips.map((chip, index) => {
            const text = onMove ? t('form.chips.numbered', { n: index + 1, label: chip.label }) : chip.label;
            return (
              <Tag key={chip.id} id={chip.id} textValue={text} className={fieldStyles.chip} data-invalid={chip.invalid ? '' : undefined} data-chip-id={chip.id}>
                <span>{text}</span>
                {!disabled && (
                  // Off the Tab order: Tab leaves the chips (Enter on a remove button reached by Tab deleted the
                  // chip unasked); the keyboard removes with Delete or Backspace on the chip, the mouse here.
                  <Button slot="remove" excludeFromTabOrder className={fieldStyles.chipRemove} aria-label={t('form.chips.remove')}>
                    <span aria-hidden="true">✕</span>
                  </Button>
                )}
              </Tag>
            );
          })}
        </TagList>
      </TagGroup>
      {ordered && (
        <span id={hintId} hidden>
          {t('form.chips.move_hint')}
        </span>
      )}
    </div>
  );
}
