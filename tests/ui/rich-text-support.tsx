import { act, fireEvent, screen } from '@testing-library/react';
import { $createRangeSelection, $getRoot, $getSelection, $isElementNode, $isRangeSelection, $isTextNode, $setSelection, getNearestEditorFromDOMNode, type LexicalEditor, type LexicalNode, type TextNode } from 'lexical';
import { useState } from 'react';
import { RichTextEditor, type RichTextEditorProps } from '../../src/client/kit/rich-text';

/**
 * Driving the rich-text editor in jsdom. jsdom has no layout and no `beforeinput`, so typing into a
 * contenteditable is not how Lexical sees real input; as in tests/unit/sanitize-html-lexical.test.ts the
 * content and the selection are set through the editor's own API, and everything else (toolbar, keys,
 * dialog) is used as a person would, through the DOM.
 */

// jsdom has no layout: Lexical measures the caret to scroll it into view once the editor has the focus.
const noRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getBoundingClientRect ??= noRect;
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;

/**
 * A controlled editor as a form would hold it; the value is shown in `data-testid="value"`, and the
 * 'load' button replaces it from outside with `loaded` (a record arriving after mount).
 */
export function Harness({
  initial = '',
  loaded = '',
  onChange,
  ...rest
}: { initial?: string; loaded?: string; onChange?(html: string): void } & Omit<Partial<RichTextEditorProps>, 'value' | 'onChange'>) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">before</button>
      <RichTextEditor
        id="body"
        label="Body"
        value={value}
        onChange={(html) => {
          onChange?.(html);
          setValue(html);
        }}
        {...rest}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue(loaded)}>
        load
      </button>
    </>
  );
}

export const textbox = () => screen.getByRole('textbox', { name: 'Body' });
export const shownValue = () => screen.getByTestId('value').textContent ?? '';

export function editorOf(el: HTMLElement = textbox()): LexicalEditor {
  const editor = getNearestEditorFromDOMNode(el);
  if (!editor) throw new Error('no Lexical editor here');
  return editor;
}

/** Runs a change inside the editor, as typing would (a discrete update, then React settles). */
export function edit(fn: () => void, editor: LexicalEditor = editorOf()): void {
  act(() => {
    editor.update(fn, { discrete: true });
  });
}

function $textNodes(node: LexicalNode = $getRoot()): TextNode[] {
  if ($isTextNode(node)) return [node];
  return $isElementNode(node) ? node.getChildren().flatMap((c) => $textNodes(c)) : [];
}

/** The selection's format as Lexical sets it on a browser's selectionchange (jsdom sends none it can read). */
function $syncFormat(): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const nodes = selection.isCollapsed() ? [selection.anchor.getNode()] : selection.getNodes().filter((n) => $isTextNode(n) && n.getTextContentSize() > 0);
  const texts = nodes.filter($isTextNode);
  selection.format = texts.length > 0 ? texts.reduce((f, n) => f & n.getFormat(), 0xff) : 0;
}

/** Selects `text` (its first occurrence within one text node); with `collapse`, only puts the caret into it. */
export function selectText(text: string, { collapse = false, editor = editorOf() }: { collapse?: boolean; editor?: LexicalEditor } = {}): void {
  edit(() => {
    const node = $textNodes().find((n) => n.getTextContent().includes(text));
    if (!node) throw new Error(`no text node with ${text}`);
    const start = node.getTextContent().indexOf(text);
    node.select(collapse ? start + 1 : start, collapse ? start + 1 : start + text.length);
    $syncFormat();
  }, editor);
}

/** Selects all text, as Ctrl+A does. */
export function selectAll(editor: LexicalEditor = editorOf()): void {
  edit(() => {
    const texts = $textNodes();
    const first = texts[0];
    const last = texts[texts.length - 1];
    const selection = $createRangeSelection();
    selection.anchor.set(first.getKey(), 0, 'text');
    selection.focus.set(last.getKey(), last.getTextContentSize(), 'text');
    $setSelection(selection);
    $syncFormat();
  }, editor);
}

/** A key pressed in `el`; Lexical applies what it triggers in a microtask, so this waits for it. */
export async function press(el: Element, init: KeyboardEventInit): Promise<void> {
  await act(async () => {
    fireEvent.keyDown(el, init);
  });
}

/** The editor's own (unnormalised) view of its content: the text of each block. */
export function blocksOf(editor: LexicalEditor = editorOf()): string[] {
  return editor.read(() => $getRoot().getChildren().map((n) => `${n.getType()}:${n.getTextContent()}`));
}
