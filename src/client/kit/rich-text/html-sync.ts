import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createParagraphNode, $getRoot, $insertNodes, $setSelection, CLEAR_HISTORY_COMMAND, SKIP_DOM_SELECTION_TAG, type LexicalEditor } from 'lexical';
import { useEffect, useRef } from 'react';
import { normalizeRichText } from './normalize';

/** Updates that load a value from outside carry this tag; they are not edits and never reach onChange. */
export const IMPORT_TAG = 'remit-rich-text-import';

/** The editor's content as stored: Lexical's HTML export in the sanitizer's canonical shape ('' when empty). */
export function exportHtml(editor: LexicalEditor): string {
  return normalizeRichText(editor.read(() => $generateHtmlFromNodes(editor, null)));
}

/** Replaces the content with `html` (already canonical); not undoable, the caret is not moved into the editor. */
export function importHtml(editor: LexicalEditor, html: string): void {
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      if (html !== '') {
        const nodes = $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, 'text/html'));
        root.select();
        $insertNodes(nodes);
      }
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
      $setSelection(null);
    },
    { discrete: true, tag: [IMPORT_TAG, SKIP_DOM_SELECTION_TAG] },
  );
  editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
}

/**
 * Keeps the editor and the `value` prop in step without loops:
 * - a `value` that differs from what the editor last held or reported (the form loaded the record, a
 *   reset) is imported once; the editor echoing its own onChange back is recognised and ignored, so the
 *   caret never jumps while typing;
 * - onChange is called only when an edit changes the stored HTML, never for an import (the form's dirty
 *   state follows real edits).
 */
export function HtmlSyncPlugin({ value, onChange }: { value: string; onChange(html: string): void }) {
  const [editor] = useLexicalComposerContext();
  /** The canonical HTML the editor holds, as last imported or reported. */
  const held = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const incoming = value ?? '';
    if (incoming === held.current) return;
    const html = normalizeRichText(incoming);
    if (html === held.current) return;
    importHtml(editor, html);
    held.current = exportHtml(editor);
  }, [editor, value]);

  useEffect(
    () =>
      editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
        if (tags.has(IMPORT_TAG) || held.current === null) return;
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return; // the selection moved
        const html = exportHtml(editor);
        if (html === held.current) return;
        held.current = html;
        onChangeRef.current(html);
      }),
    [editor],
  );

  return null;
}
