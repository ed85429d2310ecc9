import { useMemo } from 'react';
import { useHotkeys as useKeyBindings, type HotkeyCallback } from 'react-hotkeys-hook';
import { allCommands, hotkeysOf } from '../../../commands/registry';

/**
 * The registry's hotkeys and key sequences (`g a b`), bound with react-hotkeys-hook. The library
 * matches keys and sequences; the rules of which keys reach a command are ours (`allowed` below):
 * - a modal (dialog, palette, help sheet) takes every key;
 * - a focus owner (form, menu, list box, cell editor, rich-text editor) and any text field take their
 *   keys: only Ctrl/Cmd combinations (`mod+k`: the palette) and function keys (F6: next pane) pass them. An owner that holds the focus
 *   itself (a form after Esc left its field) passes everything, so go-to sequences work again;
 * - the spec's Ctrl area keys (`ctrl+v`: Home's links) work on Home only and never while text is
 *   selected: elsewhere Ctrl+C copies (grid rows or text) and Ctrl+V pastes, and no Ctrl key leaves a
 *   screen.
 */
const SEQUENCE_TIMEOUT_MS = 1500;

export function isEditable(el: Element | null): boolean {
  if (!el || !(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return false;
}

const FOCUS_OWNER = '[data-focus-owner], [role=dialog], [role=alertdialog], [role=menu], [role=listbox]';

/** Inside a dialog or an element that declares itself a focus owner (the owner itself excluded). */
export function insideFocusOwner(el: Element | null): boolean {
  const owner = el?.closest(FOCUS_OWNER);
  return Boolean(owner && (owner !== el || owner.matches('[role=dialog], [role=alertdialog]')));
}

function modalOpen(): boolean {
  return Boolean(document.querySelector('[role=dialog][aria-modal=true], [data-focus-owner=modal]'));
}

/**
 * Esc in a text field leaves it, never for <body>: a form's field for the form, any other field (the
 * title bar's search) for the page's grid row, else the page's main area, so the screen's keys work
 * again. A container gets a programmatic tab stop (tabindex=-1) if it has none.
 */
export function leaveField(field: HTMLElement): void {
  const target =
    field.closest<HTMLElement>('form') ??
    document.querySelector<HTMLElement>('main [role=grid] [tabindex="0"]') ??
    document.querySelector<HTMLElement>('main');
  if (!target) return field.blur();
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/**
 * Whether the Esc being dispatched found a popup open (a combo box's list, a date picker). Read in the
 * capture phase, before the field's own handler closes the popup and React re-renders
 * `aria-expanded`: by the time the document listener runs, the popup already looks closed.
 */
let escapeClosesPopup = false;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape') return;
      const el = e.target instanceof HTMLElement ? e.target : null;
      escapeClosesPopup = Boolean(el && el.getAttribute('aria-expanded') === 'true');
    },
    true,
  );
}

/** Whether Esc in this field is ours to handle: an open popup (combo box, date picker) closes first. */
function leavesField(e: KeyboardEvent): boolean {
  const el = e.target instanceof HTMLElement ? e.target : null;
  if (!el || !isEditable(el) || escapeClosesPopup || el.getAttribute('aria-expanded') === 'true') return false;
  return !el.closest('[role=dialog], [role=alertdialog], [data-cell-editor]');
}

/** Registry notation → the library's: `g a b` → `g>a>b`; `?` and `/` with or without Shift (layouts differ). */
function libraryKeys(hotkey: string): string[] {
  const key = hotkey.toLowerCase();
  if (key.includes(' ')) return [key.split(' ').join('>')];
  if (key.length === 1 && !/[a-z0-9]/.test(key)) return [key, `shift+${key}`];
  return [key];
}

/** `mod`: Ctrl/Cmd combinations; `fkey`: function keys (F6), which type nothing either; `home`: Ctrl area keys. */
type Kind = 'mod' | 'fkey' | 'home' | 'plain';
const kindOf = (hotkey: string): Kind =>
  hotkey.startsWith('mod+') ? 'mod' : /^f\d{1,2}$/.test(hotkey) ? 'fkey' : hotkey.startsWith('ctrl+') ? 'home' : 'plain';
/** Keys that reach text fields and focus owners: they never type, so a field has no use of its own for them. */
const passesFields = (kind: Kind) => kind === 'mod' || kind === 'fkey';

function allowed(e: KeyboardEvent, kind: Kind, onHome: boolean): boolean {
  if (e.isComposing || e.repeat) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (modalOpen()) return false;
  if (passesFields(kind)) return true;
  if (insideFocusOwner(target) || isEditable(target)) return false;
  if (kind === 'home') return onHome && (window.getSelection()?.toString() ?? '') === '';
  return true;
}

export interface HotkeyPlace {
  /** Home is showing: the spec's Ctrl area keys work here only. */
  home: boolean;
}

export function useHotkeys(run: (commandId: string) => void, enabled: boolean, place: HotkeyPlace = { home: false }): void {
  const bindings = useMemo(() => {
    const byKey = new Map<string, { id: string; kind: Kind }>();
    for (const command of allCommands()) {
      for (const hk of hotkeysOf(command)) {
        for (const key of libraryKeys(hk)) if (!byKey.has(key)) byKey.set(key, { id: command.id, kind: kindOf(hk) });
      }
    }
    return byKey;
    // The registry is filled once at start-up; re-read when the dispatcher is switched back on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  const pass = (e: KeyboardEvent, hk: Parameters<HotkeyCallback>[1]) => {
    const binding = bindings.get(hk.hotkey.toLowerCase());
    return Boolean(binding && allowed(e, binding.kind, place.home));
  };
  // `pass` decides twice (preventDefault, then the call) with the same answer; what another handler
  // already took (defaultPrevented) is ignored before either.
  const callback: HotkeyCallback = (e, hk) => {
    if (!pass(e, hk)) return;
    run(bindings.get(hk.hotkey.toLowerCase())!.id);
  };
  const keys = [...bindings.keys()];
  const options = { enabled, useKey: true, preventDefault: pass, ignoreEventWhen: (e: KeyboardEvent) => e.defaultPrevented, sequenceTimeoutMs: SEQUENCE_TIMEOUT_MS };
  // Ctrl/Cmd combinations and function keys (F6 between panes) reach fields and the rich-text editor
  // (which stops the ones it keeps).
  useKeyBindings(keys.filter((k) => passesFields(bindings.get(k)!.kind)), callback, { ...options, enableOnFormTags: true, enableOnContentEditable: true });
  useKeyBindings(keys.filter((k) => !passesFields(bindings.get(k)!.kind)), callback, options);
  useKeyBindings('escape', (e) => void (leavesField(e) && leaveField(e.target as HTMLElement)), {
    enabled,
    useKey: true,
    ignoreEventWhen: (e) => e.defaultPrevented,
    enableOnFormTags: true,
    enableOnContentEditable: true,
    preventDefault: leavesField,
  });
}
