import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTranslate, type Translations } from '../../src/client/lib/i18n';
import { ariaKeyShortcuts, hotkeyText, keyCap, keyCaps } from '../../src/client/lib/key-caps';

const shell = (lng: string) => makeTranslate(JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/${lng}.json`), 'utf8')) as Translations);
const en = shell('en');
const de = shell('de');

describe('keycaps follow the language', () => {
  it('draws Ctrl in English and Strg, Umschalt, Entf in German', () => {
    expect(keyCaps('mod+k', en, false)).toEqual(['Ctrl', 'K']);
    expect(keyCaps('mod+k', de, false)).toEqual(['Strg', 'K']);
    expect(keyCaps('shift+t', de, false)).toEqual(['Umschalt', 'T']);
    expect(keyCaps('ctrl+c', de, false)).toEqual(['Strg', 'C']);
    expect(['Delete', 'Esc', 'Enter', 'Home', 'F2', '?'].map((k) => keyCap(k, de, false))).toEqual(['Entf', 'Esc', 'Eingabe', 'Pos1', 'F2', '?']);
    expect(keyCaps('g a b', de, false)).toEqual(['g', 'a', 'b']);
    expect(hotkeyText('mod+enter', de, false)).toBe('Strg+Eingabe');
    expect(hotkeyText('mod+s', en, false)).toBe('Ctrl+S');
  });

  it('uses the Mac symbols there, and standard names for aria-keyshortcuts in every language', () => {
    expect(hotkeyText('mod+e', de, true)).toBe('⌘E');
    expect(ariaKeyShortcuts('mod+b', false)).toBe('Control+B');
    expect(ariaKeyShortcuts('mod+shift+x', true)).toBe('Meta+Shift+X');
  });

  it('has every key name in both languages', () => {
    for (const key of ['mod', 'ctrl', 'shift', 'alt', 'enter', 'escape', 'delete', 'backspace', 'space', 'tab', 'home', 'end', 'pageup', 'pagedown', 'insert', 'arrowup']) {
      expect(en(`keys.${key}`)).not.toBe(`keys.${key}`);
      expect(de(`keys.${key}`)).not.toBe(`keys.${key}`);
    }
  });
});
