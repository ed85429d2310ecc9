import { fireEvent } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllCommands } from '../../commands';
import { useHotkeys } from '../../src/client/shell/hotkeys';
import { renderApp } from '../support/render';

function Harness({ ran, home = false }: { ran: string[]; home?: boolean }) {
  useHotkeys((id) => ran.push(id), true, { home });
  return (
    <div>
      <input aria-label="name" />
      <form aria-label="a form" data-focus-owner="">
        <input aria-label="in form" />
      </form>
      <main>
        <input aria-label="in main" />
      </main>
      <p>Some text to select</p>
      <div data-focus-owner>
        <button type="button">inside owner</button>
      </div>
      <button type="button">outside</button>
    </div>
  );
}

const key = (target: Element, init: KeyboardEventInit) => fireEvent.keyDown(target, init);

describe('hotkey dispatcher', () => {
  beforeAll(() => registerAllCommands());

  it('runs a three-key go-to sequence', () => {
    const ran: string[] = [];
    const { getByText } = renderApp(<Harness ran={ran} />);
    const target = getByText('outside');
    key(target, { key: 'g' });
    key(target, { key: 'a' });
    key(target, { key: 'b' });
    expect(ran).toEqual(['go.banks.list']);
  });

  it('starts over after a key that continues no sequence', () => {
    const ran: string[] = [];
    const { getByText } = renderApp(<Harness ran={ran} />);
    const target = getByText('outside');
    key(target, { key: 'g' });
    key(target, { key: 'z' });
    key(target, { key: 'g' });
    key(target, { key: 'v' });
    expect(ran).toEqual(['go.vendors.list']);
  });

  it('runs the spec Ctrl shortcuts on Home only, never in a field or while text is selected', () => {
    const ran: string[] = [];
    const elsewhere = renderApp(<Harness ran={ran} />);
    for (const k of ['c', 'v', 'p', 'r']) key(elsewhere.getByText('outside'), { key: k, ctrlKey: true });
    expect(ran).toEqual([]);
    elsewhere.unmount();
    const { getByText, getByLabelText } = renderApp(<Harness ran={ran} home />);
    key(getByLabelText('name'), { key: 'v', ctrlKey: true });
    expect(ran).toEqual([]);
    const range = document.createRange();
    range.selectNodeContents(getByText('Some text to select'));
    window.getSelection()!.addRange(range);
    key(getByText('outside'), { key: 'c', ctrlKey: true });
    expect(ran).toEqual([]);
    window.getSelection()!.removeAllRanges();
    key(getByText('outside'), { key: 'c', ctrlKey: true });
    expect(ran).toEqual(['go.contracts.list']);
  });

  it('opens the palette with Ctrl+K even from a field, and the help sheet with ?', () => {
    const ran: string[] = [];
    const { getByText, getByLabelText } = renderApp(<Harness ran={ran} />);
    key(getByLabelText('name'), { key: 'k', ctrlKey: true });
    key(getByText('outside'), { key: '?', shiftKey: true });
    expect(ran).toEqual(['shell.palette', 'shell.help']);
  });

  it('leaves single keys to a focus owner and to fields, but Ctrl+K still opens the palette from a form', () => {
    const ran: string[] = [];
    const { getByText, getByLabelText } = renderApp(<Harness ran={ran} />);
    for (const k of ['g', 'v', '?']) key(getByText('inside owner'), { key: k });
    for (const k of ['g', 'a', 'b']) key(getByLabelText('name'), { key: k });
    expect(ran).toEqual([]);
    key(getByText('inside owner'), { key: 'k', ctrlKey: true });
    expect(ran).toEqual(['shell.palette']);
  });

  it('passes F6 (next pane) from a text field and from inside a form, where single keys stay in the field', () => {
    const ran: string[] = [];
    const { getByLabelText } = renderApp(<Harness ran={ran} />);
    key(getByLabelText('name'), { key: 'F6' });
    key(getByLabelText('in form'), { key: 'F6' });
    key(getByLabelText('name'), { key: '?' });
    expect(ran).toEqual(['shell.next_pane', 'shell.next_pane']);
  });

  it('fires nothing underneath an open modal dialog', () => {
    const ran: string[] = [];
    const { getByText } = renderApp(
      <>
        <Harness ran={ran} />
        <div role="dialog" aria-modal="true" aria-label="modal">
          <button type="button">in modal</button>
        </div>
      </>,
    );
    key(getByText('in modal'), { key: 'k', ctrlKey: true });
    key(getByText('outside'), { key: '?' });
    expect(ran).toEqual([]);
  });

  it('Esc leaves a text field for its form (then go-to keys work) or for the page, never for body', () => {
    const ran: string[] = [];
    const { getByLabelText } = renderApp(<Harness ran={ran} />);
    const inForm = getByLabelText('in form');
    inForm.focus();
    key(inForm, { key: 'Escape' });
    expect(document.activeElement).toBe(getByLabelText('a form'));
    for (const k of ['g', 'a', 'b']) key(document.activeElement!, { key: k });
    expect(ran).toEqual(['go.banks.list']);
    const plain = getByLabelText('name');
    plain.focus();
    key(plain, { key: 'Escape' });
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('leaves Esc to an open popup of the field', () => {
    const { getByLabelText } = renderApp(<Harness ran={[]} />);
    const field = getByLabelText('name');
    field.setAttribute('aria-expanded', 'true');
    field.focus();
    key(field, { key: 'Escape' });
    expect(document.activeElement).toBe(field);
  });

  it('leaves Esc to a popup that the field closes in its own handler, before the document sees the key', () => {
    const { getByLabelText } = renderApp(<Harness ran={[]} />);
    const field = getByLabelText('name');
    field.setAttribute('aria-expanded', 'true');
    // As react-aria's combo box does: its keydown closes the list, so aria-expanded is false by the time
    // the key bubbles to the document.
    field.addEventListener('keydown', (e) => e.key === 'Escape' && field.setAttribute('aria-expanded', 'false'));
    field.focus();
    key(field, { key: 'Escape' });
    expect(document.activeElement).toBe(field);
    // The popup is closed now: the next Esc leaves the field.
    key(field, { key: 'Escape' });
    expect(document.activeElement).not.toBe(field);
  });
});
