import { useContext, useEffect, useMemo, useRef, type ContextType, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button, ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { cx } from 'styled-system/css';
import { button, input } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import type { ControlAria } from './field';
import { keepPageVisible, labelledRegion } from './overlay-landmarks';
import { fieldStyles } from './styles';

export interface ComboItem {
  id: string;
  /** The text shown and typed (already translated). */
  label: string;
  /** A second, muted text (a country code, an e-mail). */
  note?: string;
}

export interface ComboBoxControlProps {
  aria: ControlAria;
  name?: string;
  /** Items filtered by the caller (server results, remaining options). */
  items?: ComboItem[];
  /** All items, filtered by `filter` inside the combobox (country list). */
  defaultItems?: ComboItem[];
  filter?(textValue: string, inputValue: string): boolean;
  inputValue?: string;
  onInputChange?(value: string): void;
  selectedKey?: string | null;
  /** Items shown but not choosable. */
  disabledKeys?: string[];
  onSelect(key: string | null): void;
  /** Keep typed text that matches no item (search boxes that commit on selection only). */
  allowsCustomValue?: boolean;
  menuTrigger?: 'input' | 'focus' | 'manual';
  disabled?: boolean;
  readOnly?: boolean;
  loading?: boolean;
  placeholder?: string;
  /** A button that opens the list (default true). */
  showButton?: boolean;
  onBlur?(): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  autoFocus?: boolean;
  /** Content before the input inside the same row (chips). */
  before?: ReactNode;
  /** Open the list even when it has no items, to say 'Searching…' or 'No matches' (default true). */
  allowsEmptyCollection?: boolean;
}

/**
 * While the user types, the first choosable match is highlighted, so Enter picks it ("Germ" Enter →
 * Germany) instead of throwing the text away. react-aria clears the highlight on every keystroke and
 * has no option for this (its list box also resets it when results arrive), so it is set again from
 * inside the combobox after each render that left no option highlighted.
 */
function HighlightFirstMatch() {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (!state || !state.isOpen || state.inputValue.trim() === '') return;
    const manager = state.selectionManager;
    if (manager.focusedKey !== null && state.collection.getItem(manager.focusedKey)) return;
    const first = firstChoosable(state);
    if (first === null) return;
    manager.setFocused(true);
    manager.setFocusedKey(first);
  });
  return null;
}

/** The first option a press of Enter may choose: enabled, in the list as filtered now. */
function firstChoosable(state: NonNullable<ContextType<typeof ComboBoxStateContext>>): Key | null {
  for (const node of state.collection) if (node.type === 'item' && !state.disabledKeys.has(node.key)) return node.key;
  return null;
}

/**
 * Enter pressed before `HighlightFirstMatch` got to highlight (typing fast, a busy machine) still
 * chooses the first match instead of react-aria throwing the text away: measured, "Germany" and Enter
 * typed at once emptied the country 2 times in 20. Listens on the input itself, so it runs before
 * react-aria's handler (React's listen on the root), and takes the key only in that gap.
 */
function EnterPicksFirstMatch({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const state = useContext(ComboBoxStateContext);
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const s = latest.current;
      if (event.key !== 'Enter' || event.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (!s || !s.isOpen || s.inputValue.trim() === '') return;
      const focused = s.selectionManager.focusedKey;
      if (focused !== null && s.collection.getItem(focused)) return;
      const first = firstChoosable(s);
      if (first === null || first === s.selectedKey) return;
      event.preventDefault();
      event.stopPropagation();
      s.setSelectedKey(first);
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  }, [inputRef]);
  return null;
}

/** While the list is open, the page around the field stays visible to assistive technology (see keepPageVisible). */
function PageStaysVisible({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const state = useContext(ComboBoxStateContext);
  const open = Boolean(state?.isOpen);
  useEffect(() => {
    if (open) keepPageVisible(inputRef.current);
  }, [open, inputRef]);
  return null;
}

/**
 * The one combobox every searching field uses (react-aria ComboBox): a real input with
 * `role="combobox"`, a popup list, type to filter (the first match highlighted), arrows to move, Enter
 * to choose the highlighted option, Escape to close.
 */
export function ComboBoxControl({
  aria,
  name,
  items,
  defaultItems,
  filter,
  inputValue,
  onInputChange,
  selectedKey,
  disabledKeys,
  onSelect,
  allowsCustomValue,
  menuTrigger = 'input',
  disabled,
  readOnly,
  loading,
  placeholder,
  showButton = true,
  onBlur,
  onKeyDown,
  autoFocus,
  before,
  allowsEmptyCollection = true,
}: ComboBoxControlProps) {
  const t = useT();
  // Focus after the first paint, not with the input's autoFocus: react-aria does not write the chosen
  // item's text into a focused input, so an edit form opening on its country would show it empty.
  const inputRef = useRef<HTMLInputElement>(null);
  const labelledBy = aria['aria-labelledby'];
  const asRegion = useMemo(() => labelledRegion({ labelledBy }), [labelledBy]);
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
    // only when the field appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ComboBox
      aria-labelledby={aria['aria-labelledby']}
      aria-describedby={aria['aria-describedby']}
      isInvalid={Boolean(aria['aria-invalid'])}
      items={items}
      defaultItems={defaultItems}
      defaultFilter={filter}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selectedKey}
      disabledKeys={disabledKeys}
      onSelectionChange={(key: Key | null) => onSelect(key === null ? null : String(key))}
      allowsCustomValue={allowsCustomValue}
      allowsEmptyCollection={allowsEmptyCollection}
      menuTrigger={menuTrigger}
      isDisabled={disabled}
      isReadOnly={readOnly}
      onBlur={onBlur}
      className={fieldStyles.row}
      style={{ flex: 1 }}
    >
      {before}
      <Input id={aria.id} name={name} aria-required={aria['aria-required']} className={input()} placeholder={placeholder} onKeyDown={onKeyDown} ref={inputRef} />
      {showButton && (
        <Button className={cx(button({ variant: 'secondary' }), fieldStyles.iconButton)}>
          <span aria-hidden="true">▾</span>
        </Button>
      )}
      <Popover className={fieldStyles.popover} placement="bottom start" ref={asRegion}>
        <ListBox<ComboItem>
          className={fieldStyles.listbox}
          renderEmptyState={() => <div className={fieldStyles.empty}>{t(loading ? 'form.search.searching' : 'form.search.no_results')}</div>}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={fieldStyles.option}>
              <span>{item.label}</span>
              {item.note && <span className={fieldStyles.optionNote}>{item.note}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
      {/* last, so its effect runs after the list box's own focus reset on (re)filling */}
      <HighlightFirstMatch />
      <EnterPicksFirstMatch inputRef={inputRef} />
      <PageStaysVisible inputRef={inputRef} />
    </ComboBox>
  );
}
