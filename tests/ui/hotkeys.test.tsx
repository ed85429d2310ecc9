import { fireEvent } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllCommands } from '../../commands';
import { useHotkeys } from '../../src/client/shell/hotkeys';
import { renderApp } from '../support/render';

function Harness({ ran }: { ran: string[] }) {
  useHotkeys((id) => ran.push(id), true);
  return (
    <div>
      <input aria-label="name" />
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

  it('runs the spec Ctrl shortcuts, but not in a field or while text is selected', () => {
    const ran: string[] = [];
    const { getByText, getByLabelText } = renderApp(<Harness ran={ran} />);
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
});
