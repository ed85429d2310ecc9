import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND } from 'lexical';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAllCommands } from '../../commands';
import { exportHtml } from '../../src/client/kit/rich-text/html-sync';
import { useHotkeys } from '../../src/client/shell/hotkeys';
import { sanitizeHtml } from '../../src/server/lib/sanitize-html';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';
import { blocksOf, edit, editorOf, Harness, press, selectAll, selectText, shownValue, textbox } from './rich-text-support';

/** A body with every construct the editor can make, in the stored (sanitised) shape. */
const EVERYTHING =
  '<h2>Payments</h2>' +
  '<p>We pay <strong>monthly</strong>, <em>usually</em> <u>on time</u> and <s>never late</s>; <u><s><em><strong>all at once</strong></em></s></u>.<br />' +
  'See <a href="https://remit.example/terms?lang=en&amp;v=2" rel="noopener noreferrer" target="_blank">the <strong>terms</strong></a>' +
  ' or <a href="mailto:help@remit.example" rel="noopener noreferrer" target="_blank">write</a> — 100 % &amp; &lt;fair&gt;, "quoted", non\u00a0breaking.</p>' +
  '<h3>Documents</h3><ul><li>bank details<ol><li>IBAN</li><li><em>BIC</em></li></ol></li><li><strong>tax number</strong></li></ul>' +
  '<h4>Contact</h4><ol><li>first</li><li>second</li></ol><p><br /></p><p>end</p>';

const button = (name: string) => screen.getByRole('button', { name });
const blockSelect = () => screen.getByRole('combobox', { name: 'Text style' });

async function setup(initial = '<p>Hello world</p>', extra: Parameters<typeof Harness>[0] = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  const r = renderApp(<Harness initial={initial} onChange={onChange} {...extra} />);
  await act(async () => {});
  return { ...r, user, onChange };
}

describe('rich-text editor: accessibility', () => {
  it('is a labelled multi-line textbox with a named toolbar, inside a focus owner', async () => {
    await setup('<p>x</p>', { invalid: true, errorId: 'body-error', describedBy: 'body-hint' });
    const box = textbox();
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toEqual(['body-error', 'body-hint', 'body-keys']);
    expect(box).toHaveAccessibleDescription('Alt+F10 moves to the formatting toolbar; Escape returns to the text.');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Body' });
    expect(toolbar).toHaveAttribute('aria-controls', 'body');
    expect(box.closest('[data-focus-owner]')).toBe(toolbar.closest('[data-focus-owner]'));
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Bulleted list', 'Numbered list']) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button('Bold')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(blockSelect()).toHaveValue('paragraph');
    await expectNoAxeViolations(document.body);
  });

  it('takes its name from a visible label when given one, and is not editable when disabled', async () => {
    renderApp(
      <>
        <span id="lbl">Page body</span>
        <Harness labelledBy="lbl" disabled />
      </>,
    );
    await act(async () => {});
    const box = screen.getByRole('textbox', { name: 'Page body' });
    expect(box).not.toHaveAttribute('aria-label');
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(button('Bold')).toBeDisabled();
    expect(blockSelect()).toBeDisabled();
  });
});

describe('rich-text editor: formatting', () => {
  it.each([
    ['Bold', '<p><strong>Hello</strong> world</p>'],
    ['Italic', '<p><em>Hello</em> world</p>'],
    ['Underline', '<p><u>Hello</u> world</p>'],
    ['Strikethrough', '<p><s>Hello</s> world</p>'],
  ])('%s toggles on the selection and reports aria-pressed', async (name, formatted) => {
    const { user, onChange } = await setup();
    selectText('Hello');
    expect(button(name)).toHaveAttribute('aria-pressed', 'false');
    await user.click(button(name));
    expect(button(name)).toHaveAttribute('aria-pressed', 'true');
    expect(shownValue()).toBe(formatted);
    selectText('world', { collapse: true });
    expect(button(name)).toHaveAttribute('aria-pressed', 'false');
    selectText('Hello', { collapse: true });
    expect(button(name)).toHaveAttribute('aria-pressed', 'true');
    selectText('Hello');
    await user.click(button(name));
    expect(button(name)).toHaveAttribute('aria-pressed', 'false');
    expect(shownValue()).toBe('<p>Hello world</p>');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('writes combined formatting as one wrapper each, u > s > em > strong', async () => {
    const { user } = await setup();
    selectText('world');
    for (const name of ['Bold', 'Strikethrough', 'Italic', 'Underline']) await user.click(button(name));
    expect(shownValue()).toBe('<p>Hello <u><s><em><strong>world</strong></em></s></u></p>');
  });

  it('has the usual shortcuts in the text: Ctrl+B, I, U and Ctrl+Shift+X', async () => {
    await setup();
    // Selected afresh before each key: jsdom's selectionchange after Lexical rewrites the DOM selection
    // collapses it, which a browser does not.
    for (const key of [{ key: 'b' }, { key: 'i' }, { key: 'u' }, { key: 'X', shiftKey: true }]) {
      selectText('Hello');
      await press(textbox(), { ...key, ctrlKey: true });
    }
    expect(shownValue()).toBe('<p><u><s><em><strong>Hello</strong></em></s></u> world</p>');
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough']) expect(button(name)).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes the block to heading 2, 3, 4 and back to a paragraph; the select follows the caret', async () => {
    const { user } = await setup('<p>Title</p><p>Text</p>');
    selectText('Title', { collapse: true });
    for (const [label, tag] of [
      ['Heading 2', 'h2'],
      ['Heading 3', 'h3'],
      ['Heading 4', 'h4'],
    ]) {
      await user.selectOptions(blockSelect(), label);
      expect(shownValue()).toBe(`<${tag}>Title</${tag}><p>Text</p>`);
      expect(blockSelect()).toHaveValue(tag);
    }
    selectText('Text', { collapse: true });
    expect(blockSelect()).toHaveValue('paragraph');
    selectText('Title', { collapse: true });
    expect(blockSelect()).toHaveValue('h4');
    await user.selectOptions(blockSelect(), 'Paragraph');
    expect(shownValue()).toBe('<p>Title</p><p>Text</p>');
  });

  it('makes bullet and numbered lists, switches between them and back to paragraphs', async () => {
    const { user } = await setup('<p>one</p><p>two</p>');
    selectAll();
    await user.click(button('Bulleted list'));
    expect(shownValue()).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(button('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Numbered list')).toHaveAttribute('aria-pressed', 'false');
    selectAll();
    await user.click(button('Numbered list'));
    expect(shownValue()).toBe('<ol><li>one</li><li>two</li></ol>');
    expect(button('Numbered list')).toHaveAttribute('aria-pressed', 'true');
    selectAll();
    await user.click(button('Numbered list'));
    expect(shownValue()).toBe('<p>one</p><p>two</p>');
  });

  it('keeps only what a body may hold, whatever arrives (paste, other editors)', async () => {
    await setup('<h1 style="color:red">Big</h1><h6>small</h6><p style="text-align:center"><span style="font-size:30px">x</span> <code>c</code></p>');
    expect(shownValue()).toBe('<h1 style="color:red">Big</h1><h6>small</h6><p style="text-align:center"><span style="font-size:30px">x</span> <code>c</code></p>');
    expect(exportHtml(editorOf())).toBe('<h2>Big</h2><h4>small</h4><p>x c</p>');
    // Formats the toolbar does not offer are removed at once.
    selectText('x');
    act(() => {
      editorOf().dispatchCommand(FORMAT_TEXT_COMMAND, 'code');
    });
    expect(editorOf().read(() => $getRoot().getAllTextNodes().map((n) => n.hasFormat('code')))).toEqual([false, false, false]);
    expect(exportHtml(editorOf())).toBe('<h2>Big</h2><h4>small</h4><p>x c</p>');
    expect(blocksOf()).toEqual(['heading:Big', 'heading:small', 'paragraph:x c']);
  });
});

describe('rich-text editor: links', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(button('Link'));
    return screen.findByRole('dialog');
  }

  it('refuses addresses that are not http(s) with the field error invalid', async () => {
    const { user, onChange } = await setup();
    selectText('Hello');
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleName('Add link');
    expect(within(dialog).queryByRole('button', { name: 'Remove link' })).toBeNull();
    const url = within(dialog).getByRole('textbox', { name: /Address \(URL\)/ });
    await waitFor(() => expect(url).toHaveFocus());
    for (const bad of ['ftp://x', 'javascript:alert(1)', 'mailto:a@b.example']) {
      await user.clear(url);
      await user.type(url, bad);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(url).toHaveAttribute('aria-invalid', 'true');
      expect(url).toHaveAccessibleDescription(expect.stringContaining('Address (URL) is invalid'));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    }
    await user.type(url, 'x');
    expect(url).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('adds https:// to an address without a protocol, edits and removes the link', async () => {
    const { user } = await setup();
    selectText('Hello');
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), 'example.com{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">Hello</a> world</p>');

    selectText('Hello', { collapse: true });
    expect(button('Link')).toHaveAttribute('data-active');
    dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleName('Edit link');
    const url = within(dialog).getByRole('textbox');
    expect(url).toHaveValue('https://example.com');
    await user.clear(url);
    await user.type(url, 'http://remit.example/faq');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('<p><a href="http://remit.example/faq" rel="noopener noreferrer" target="_blank">Hello</a> world</p>');

    selectText('Hello', { collapse: true });
    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('<p>Hello world</p>');
    expect(button('Link')).not.toHaveAttribute('data-active');
  });

  it('an empty address removes the link; a caret outside a link inserts the address as linked text', async () => {
    const { user } = await setup('<p>Hi <a href="https://a.example">there</a></p>');
    selectText('there', { collapse: true });
    let dialog = await openDialog(user);
    await user.clear(within(dialog).getByRole('textbox'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('<p>Hi there</p>');

    edit(() => {
      $getRoot().getFirstChildOrThrow<ReturnType<typeof $createParagraphNode>>().selectEnd();
    });
    dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), ' docs.remit.example/a ');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValue()).toBe('<p>Hi there<a href="https://docs.remit.example/a" rel="noopener noreferrer" target="_blank">https://docs.remit.example/a</a></p>');
  });

  it('Ctrl+K in the text opens the link dialog, not the command palette', async () => {
    registerAllCommands();
    const ran: string[] = [];
    function WithHotkeys() {
      useHotkeys((id) => ran.push(id), true);
      return <Harness initial="<p>Hello world</p>" />;
    }
    renderApp(<WithHotkeys />);
    await act(async () => {});
    act(() => textbox().focus());
    selectText('world');
    const event = { key: 'k', ctrlKey: true };
    await press(textbox(), event);
    expect(await screen.findByRole('dialog', { name: 'Add link' })).toBeInTheDocument();
    expect(ran).toEqual([]);
    // Closing puts the caret back into the text with the selection it had.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(textbox()).toHaveFocus());
    expect(editorOf().read(() => $getSelection()?.getTextContent())).toBe('world');
    // The same key outside the editor is the palette's.
    fireEvent.keyDown(screen.getByRole('button', { name: 'before' }), event);
    expect(ran).toEqual(['shell.palette']);
  });
});

describe('rich-text editor: keyboard', () => {
  beforeAll(() => registerAllCommands());

  it('the toolbar is no Tab stop: Tab goes into the text, Alt+F10 reaches the toolbar; arrows, Home and End move', async () => {
    const { user } = await setup();
    await user.click(button('before'));
    await user.tab();
    expect(textbox()).toHaveFocus();
    const tabbable = Array.from(screen.getByRole('toolbar').querySelectorAll('button, select')).filter((el) => el.getAttribute('tabindex') !== '-1');
    expect(tabbable).toEqual([]);
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(blockSelect()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(button('Bold')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(button('Underline')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(button('Italic')).toHaveFocus();
    await user.keyboard('{End}');
    expect(button('Link')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(blockSelect()).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(button('Link')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(blockSelect()).toHaveFocus();
    // Tab leaves the toolbar for the text; Alt+F10 comes back to the last used control; Shift+Tab from
    // the text goes to the field before, past the toolbar.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(textbox()).toHaveFocus();
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(button('Bold')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(textbox()).toHaveFocus();
    await user.tab({ shift: true });
    expect(button('before')).toHaveFocus();
  });

  it('Alt+F10 jumps from the text to the toolbar, Escape goes back with the selection kept', async () => {
    const { user } = await setup();
    act(() => textbox().focus());
    selectText('world');
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(blockSelect()).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(button('Italic')).toHaveFocus();
    // Formatting from the toolbar with the keyboard keeps the focus in the toolbar.
    await user.keyboard('{Enter}');
    expect(button('Italic')).toHaveFocus();
    expect(button('Italic')).toHaveAttribute('aria-pressed', 'true');
    expect(shownValue()).toBe('<p>Hello <em>world</em></p>');
    await user.keyboard('{Escape}');
    expect(textbox()).toHaveFocus();
    expect(editorOf().read(() => $getSelection()?.getTextContent())).toBe('world');
    // Back again: the toolbar remembers the last control.
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(button('Italic')).toHaveFocus();
  });

  it('leaves Ctrl+Enter to the surrounding form: no new paragraph', async () => {
    const { onChange } = await setup();
    act(() => textbox().focus());
    selectText('world', { collapse: true });
    await press(textbox(), { key: 'Enter', ctrlKey: true });
    expect(blocksOf()).toEqual(['paragraph:Hello world']);
    await press(textbox(), { key: 'Enter' });
    expect(blocksOf()).toEqual(['paragraph:Hello w', 'paragraph:orld']);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('clicking a toolbar button leaves the focus in the text', async () => {
    const { user } = await setup();
    act(() => textbox().focus());
    selectText('Hello');
    await user.click(button('Bold'));
    expect(textbox()).toHaveFocus();
    expect(shownValue()).toBe('<p><strong>Hello</strong> world</p>');
  });
});

describe('rich-text editor: value in and out', () => {
  it('imports a body with every allowed construct and exports it unchanged, without calling onChange', async () => {
    const { onChange } = await setup(EVERYTHING);
    expect(sanitizeHtml(EVERYTHING)).toBe(EVERYTHING);
    expect(exportHtml(editorOf())).toBe(EVERYTHING);
    expect(onChange).not.toHaveBeenCalled();
    // An edit reports the whole body, still in the same shape.
    edit(() => {
      $getRoot().getLastChildOrThrow<ReturnType<typeof $createParagraphNode>>().append($createTextNode('!'));
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(EVERYTHING.replace('<p>end</p>', '<p>end!</p>'));
  });

  it('an empty editor yields an empty string', async () => {
    const { onChange } = await setup('<p>x</p>');
    edit(() => {
      $getRoot().clear().append($createParagraphNode());
    });
    expect(onChange).toHaveBeenLastCalledWith('');
    edit(() => {
      $getRoot().append($createParagraphNode(), $createParagraphNode());
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(shownValue()).toBe('');
  });

  it('loads a value set from outside once; its own changes coming back do not reload or move the caret', async () => {
    const { user, onChange } = await setup('', { loaded: '<h2>Loaded</h2><p>body text</p>' });
    expect(exportHtml(editorOf())).toBe('');
    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(exportHtml(editorOf())).toBe('<h2>Loaded</h2><p>body text</p>');
    expect(onChange).not.toHaveBeenCalled();

    const editor = editorOf();
    const keysBefore = editor.read(() => $getRoot().getChildrenKeys());
    selectText('body', { collapse: true });
    edit(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText('X');
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(shownValue()).toBe('<h2>Loaded</h2><p>bXody text</p>');
    // The parent's echo of the new value did not import again: same nodes, caret where it was.
    expect(editor.read(() => $getRoot().getChildrenKeys())).toEqual(keysBefore);
    expect(
      editor.read(() => {
        const selection = $getSelection();
        return $isRangeSelection(selection) ? selection.anchor.offset : null;
      }),
    ).toBe(2);

    // Loading again (a reset to the record) replaces the edit.
    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(exportHtml(editor)).toBe('<h2>Loaded</h2><p>body text</p>');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('undo does not go back past the loaded value', async () => {
    const { user } = await setup('<p>first</p>');
    selectText('first');
    await user.click(button('Bold'));
    expect(shownValue()).toBe('<p><strong>first</strong></p>');
    await press(textbox(), { key: 'z', ctrlKey: true });
    expect(shownValue()).toBe('<p>first</p>');
    await press(textbox(), { key: 'z', ctrlKey: true });
    expect(exportHtml(editorOf())).toBe('<p>first</p>');
  });
});
