import { afterEach, describe, expect, it } from 'vitest';
import { holdTypeahead, takeTypeahead } from '../../src/client/shell/palette-typeahead';

const press = (key: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(e);
  return e;
};

describe('palette typeahead (keys typed while the palette loads)', () => {
  afterEach(() => void takeTypeahead());

  it('holds the text and the Enter typed before the palette mounts, and keeps them from the page', () => {
    holdTypeahead();
    const first = press('d');
    for (const k of ['e', 'u', 'x']) press(k);
    press('Backspace');
    press('Enter');
    press('z');
    expect(first.defaultPrevented).toBe(true);
    expect(takeTypeahead()).toEqual({ text: 'deu', enter: true, cancel: false });
    // Taken: keys reach the page again.
    expect(press('q').defaultPrevented).toBe(false);
  });

  it('lets Ctrl combinations through and records Escape as a cancel', () => {
    holdTypeahead();
    expect(press('k', { ctrlKey: true }).defaultPrevented).toBe(false);
    press('Escape');
    expect(takeTypeahead()).toEqual({ text: '', enter: false, cancel: true });
  });
});
