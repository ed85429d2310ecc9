import { useEffect } from 'react';
import { allCommands, hotkeysOf } from '../../../commands/registry';

/**
 * One keyboard dispatcher for every registered hotkey and key sequence (`g a b`). Written here rather
 * than with react-hotkeys-hook because the rules are the registry's: a focus owner (dialog, palette,
 * cell editor, rich-text editor, any field) takes the keys it needs and nothing fires underneath it;
 * the Ctrl go-to keys never fire while text is selected or a field is focused, so copy and paste work.
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

/** Inside a dialog or an element that declares itself a focus owner. */
export function insideFocusOwner(el: Element | null): boolean {
  return Boolean(el?.closest('[data-focus-owner], [role=dialog], [role=alertdialog], [role=menu], [role=listbox]'));
}

function modalOpen(): boolean {
  return Boolean(document.querySelector('[role=dialog][aria-modal=true], [data-focus-owner=modal]'));
}

interface Combo {
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parseCombo(text: string): Combo {
  const parts = text.toLowerCase().split('+');
  const key = parts.pop()!;
  return { mod: parts.includes('mod'), ctrl: parts.includes('ctrl'), shift: parts.includes('shift'), alt: parts.includes('alt'), key };
}

function matches(combo: Combo, e: KeyboardEvent): boolean {
  const key = e.key.toLowerCase();
  if (key !== combo.key) return false;
  if (combo.mod) return (e.ctrlKey || e.metaKey) && !e.altKey;
  if (combo.ctrl) return e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  // Characters typed with Shift ('?', 'T') carry it in the key itself; only letters name it.
  return /^[a-z]$/.test(combo.key) ? e.shiftKey === combo.shift : true;
}

export function useHotkeys(run: (commandId: string) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let buffer: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      buffer = [];
      clearTimeout(timer);
    };

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.repeat) return;
      const target = e.target as Element | null;
      const editable = isEditable(target);
      const modal = modalOpen();
      const owned = insideFocusOwner(target) || modal;
      const commands = allCommands();

      for (const command of commands) {
        for (const hk of hotkeysOf(command)) {
          if (hk.includes(' ')) continue;
          const combo = parseCombo(hk);
          if (!matches(combo, e)) continue;
          // A focus owner has the keys; only a Ctrl/Cmd combination (the palette) passes a non-modal one
          // such as a form, which lets the keys it needs (an editor's Ctrl+K) stop here first.
          if (modal || (owned && !combo.mod)) return;
          if (editable && !combo.mod) return;
          if (combo.ctrl && (window.getSelection()?.toString() ?? '') !== '') return;
          e.preventDefault();
          reset();
          run(command.id);
          return;
        }
      }

      if (editable || owned || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      buffer.push(e.key.toLowerCase());
      const typed = buffer.join(' ');
      const sequences = commands.flatMap((c) => hotkeysOf(c).filter((h) => h.includes(' ')).map((h) => ({ id: c.id, seq: h.toLowerCase() })));
      const exact = sequences.find((s) => s.seq === typed);
      if (exact) {
        e.preventDefault();
        reset();
        run(exact.id);
        return;
      }
      if (sequences.some((s) => s.seq.startsWith(`${typed} `))) {
        e.preventDefault();
        clearTimeout(timer);
        timer = setTimeout(reset, SEQUENCE_TIMEOUT_MS);
        return;
      }
      reset();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer);
    };
  }, [run, enabled]);
}

/** `mod+k` → `Ctrl K` (or `⌘ K` on a Mac), `g a b` → `g a b`: how the palette and help show a key. */
export function keyLabel(hotkey: string): string[] {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  if (hotkey.includes(' ')) return hotkey.split(' ');
  return hotkey.split('+').map((part) => {
    if (part === 'mod') return mac ? '⌘' : 'Ctrl';
    if (part === 'ctrl') return 'Ctrl';
    if (part === 'shift') return 'Shift';
    if (part === 'alt') return mac ? '⌥' : 'Alt';
    return part.length === 1 ? part.toUpperCase() : part;
  });
}
