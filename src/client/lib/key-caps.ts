import { useCallback } from 'react';
import { useT, type Translate } from './i18n';

export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

// Spellings a hotkey or a help text may use for one key.
const ALIASES: Record<string, string> = { esc: 'escape', del: 'delete', return: 'enter', control: 'ctrl', option: 'alt', up: 'arrowup', down: 'arrowdown', left: 'arrowleft', right: 'arrowright' };
// Keys whose cap is named in the user's language (locales: keys.*): Strg, Umschalt, Entf, Pos1 in German.
const NAMED = new Set(['mod', 'ctrl', 'shift', 'alt', 'enter', 'escape', 'delete', 'backspace', 'space', 'tab', 'home', 'end', 'pageup', 'pagedown', 'insert', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright']);
const MAC_CAPS: Record<string, string> = { mod: '⌘', alt: '⌥' };

/** One key as its cap reads: `mod` → Ctrl (Strg in German, ⌘ on a Mac), `Escape` → Esc, `F2` → F2. */
export function keyCap(key: string, t: Translate, mac = isMac()): string {
  const lower = key.toLowerCase();
  const name = ALIASES[lower] ?? lower;
  if (mac && MAC_CAPS[name]) return MAC_CAPS[name];
  return NAMED.has(name) ? t(`keys.${name}`) : key;
}

/**
 * A hotkey as keycaps: `mod+k` → [Ctrl, K] ([Strg, K] in German), `e` → [E], `g a b` → [g, a, b]
 * (a sequence, typed as shown), `?` → [?]. Letters are capitals, as keyboards print them.
 */
export function keyCaps(hotkey: string, t: Translate, mac = isMac()): string[] {
  if (hotkey.includes(' ')) return hotkey.split(' ').map((k) => keyCap(k, t, mac));
  const parts = hotkey.split('+');
  return parts.map((part) => (part.length === 1 ? part.toUpperCase() : keyCap(part, t, mac)));
}

/** A hotkey on one line (`Strg+E`, `⌘E` on a Mac), beside a menu item or in a tooltip. */
export function hotkeyText(hotkey: string, t: Translate, mac = isMac()): string {
  return hotkey
    .split(' ')
    .map((step) => keyCaps(step, t, mac).join(mac ? '' : '+'))
    .join(' ');
}

/** A hotkey as `aria-keyshortcuts` wants it, whatever the language: `mod+b` → `Control+B` (`Meta+B` on a Mac). */
export function ariaKeyShortcuts(hotkey: string, mac = isMac()): string {
  const names: Record<string, string> = { mod: mac ? 'Meta' : 'Control', ctrl: 'Control', shift: 'Shift', alt: 'Alt', enter: 'Enter', escape: 'Escape', delete: 'Delete' };
  return hotkey
    .split('+')
    .map((part) => names[part.toLowerCase()] ?? (part.length === 1 ? part.toUpperCase() : part))
    .join('+');
}

/** `keyCaps` in the user's language. */
export function useKeyCaps(): (hotkey: string) => string[] {
  const t = useT();
  return useCallback((hotkey: string) => keyCaps(hotkey, t), [t]);
}
