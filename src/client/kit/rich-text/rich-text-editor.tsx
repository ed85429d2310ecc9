import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode } from '@lexical/rich-text';
import { $getSelection, $setSelection, type BaseSelection } from 'lexical';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cx } from 'styled-system/css';
import { useT } from '../../lib/i18n';
import { $readSelectionFormat, $selectedLink, applyLink, focusText, NO_FORMAT, removeLink, sameFormat, type SelectionFormat } from './commands';
import { HtmlSyncPlugin } from './html-sync';
import { registerEditorKeys } from './keyboard';
import { LinkDialog } from './link-dialog';
import { isLinkableUrl } from './link-url';
import { registerRestrictions } from './restrict';
import { editorTheme, rtStyles } from './styles';
import { Toolbar, type ToolbarHandle } from './toolbar';

export interface RichTextEditorProps {
  /** Id of the editable area (the textbox); the toolbar and hint ids derive from it. */
  id: string;
  /** The field's translated label: names the textbox (unless `labelledBy`) and the toolbar. */
  label: string;
  /** Id of a visible label element; preferred over `label` for the textbox's name. */
  labelledBy?: string;
  /** The body as HTML. A new value from outside (the record loaded, a reset) is loaded once. */
  value: string;
  /** The body after an edit, in the server sanitizer's canonical HTML ('' when empty). Not called on loading. */
  onChange(html: string): void;
  /** Marks the textbox invalid (aria-invalid, red frame). */
  invalid?: boolean;
  /** Id of the element showing the field's error; added to aria-describedby. */
  errorId?: string;
  /** Further ids for aria-describedby (a hint). */
  describedBy?: string;
  disabled?: boolean;
  required?: boolean;
  /** The focus left the editor and its toolbar (a form marks the field touched). */
  onBlur?(): void;
  /** Translated placeholder shown while empty. */
  placeholder?: string;
  className?: string;
}

const NODES = [HeadingNode, ListNode, ListItemNode, LinkNode];

interface LinkDialogState {
  url: string;
  existing: boolean;
  saved: BaseSelection | null;
  /** Opened while the text had the focus: the caret goes back there afterwards. */
  fromText: boolean;
}

/**
 * The kit's rich-text editor (spec 1, 2.14) on Lexical: headings 2-4, bold, italic, underline, strike,
 * bullet and numbered lists, links. HTML in, canonical HTML out (see normalize.ts). The frame is a focus
 * owner (`data-focus-owner`): the shell's hotkeys leave its keys alone.
 *
 * ```tsx
 * <RichTextEditor id="body" label={t('portal_faqs.fields.body')} value={body} onChange={setBody} />
 * ```
 * Inside a resource form use `<RichTextField name="body" />`.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'remit-rich-text',
    theme: editorTheme,
    nodes: NODES,
    editable: !props.disabled,
    onError: (error) => {
      throw error;
    },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Editor {...props} />
    </LexicalComposer>
  );
}

function Editor({ id, label, labelledBy, value, onChange, invalid, errorId, describedBy, disabled, required, onBlur, placeholder, className }: RichTextEditorProps) {
  const t = useT();
  const [editor] = useLexicalComposerContext();
  const toolbar = useRef<ToolbarHandle>(null);
  const [format, setFormat] = useState<SelectionFormat>(NO_FORMAT);
  const [link, setLink] = useState<LinkDialogState | null>(null);
  const hintId = `${id}-keys`;

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);
  useEffect(() => registerRestrictions(editor), [editor]);

  // The toolbar follows the selection.
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        const next = editorState.read($readSelectionFormat, { editor });
        setFormat((prev) => (sameFormat(prev, next) ? prev : next));
      }),
    [editor],
  );

  const openLink = useCallback(
    () => {
      if (!editor.isEditable()) return;
      // From the text (Ctrl+K, or the button clicked while typing) the caret goes back there afterwards;
      // from the toolbar by keyboard the dialog gives the focus back to the Link button.
      const root = editor.getRootElement();
      const fromText = root !== null && root.contains(root.ownerDocument.activeElement);
      const found = editor.getEditorState().read(
        () => {
          const selection = $getSelection();
          const existing = $selectedLink(selection);
          return { url: existing?.getURL() ?? '', existing: existing !== null, saved: selection ? selection.clone() : null };
        },
        { editor },
      );
      setLink({ ...found, fromText });
    },
    [editor],
  );

  useEffect(
    () =>
      registerEditorKeys(editor, {
        toToolbar: () => toolbar.current?.focus(),
        openLink,
      }),
    [editor, openLink],
  );

  const closeLink = (state: LinkDialogState, changed: boolean) => {
    setLink(null);
    if (!state.fromText) return;
    // The selection as the dialog left it (after OK or Remove; as it was on Cancel). Once the dialog has
    // given the focus back (react-aria restores it in an animation frame), the caret is put there, not
    // where the browser places it on focus.
    const keep = changed ? editor.getEditorState().read(() => $getSelection()?.clone() ?? null) : state.saved;
    requestAnimationFrame(() =>
      setTimeout(() => {
        editor.update(() => {
          if (keep) $setSelection(keep.clone());
        });
        focusText(editor);
      }, 0),
    );
  };

  const editable = {
    id,
    className: rtStyles.content,
    'data-rt-content': '',
    'aria-multiline': true,
    'aria-label': labelledBy ? undefined : label,
    'aria-labelledby': labelledBy,
    'aria-describedby': [...new Set([errorId, ...(describedBy ?? '').split(' '), disabled ? undefined : hintId])].filter(Boolean).join(' ') || undefined,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-disabled': disabled || undefined,
  };

  return (
    <div
      className={cx(rtStyles.frame, className)}
      data-focus-owner=""
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      onBlur={(e) => {
        // Leaving the editor and its toolbar, not moving between them (nor blurs inside the link dialog).
        if (!e.currentTarget.contains(e.target)) return;
        const next = e.relatedTarget;
        if (!(next instanceof Node) || !e.currentTarget.contains(next)) onBlur?.();
      }}
    >
      <Toolbar
        ref={toolbar}
        editor={editor}
        controls={id}
        label={label}
        state={format}
        disabled={disabled}
        onLink={openLink}
        onLeave={() => focusText(editor)}
      />
      <div className={rtStyles.body}>
        <RichTextPlugin
          contentEditable={
            placeholder ? (
              <ContentEditable {...editable} aria-placeholder={placeholder} placeholder={<div className={rtStyles.placeholder}>{placeholder}</div>} />
            ) : (
              <ContentEditable {...editable} />
            )
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <span id={hintId} className="sr-only">
          {t('rich_text.keyboard_hint')}
        </span>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isLinkableUrl} />
      <HtmlSyncPlugin value={value} onChange={onChange} />
      {link && (
        <LinkDialog
          isOpen
          initialUrl={link.url}
          existing={link.existing}
          onApply={(url) => {
            if (url === '') removeLink(editor, link.saved);
            else applyLink(editor, url, link.saved);
            closeLink(link, true);
          }}
          onRemove={() => {
            removeLink(editor, link.saved);
            closeLink(link, true);
          }}
          onClose={() => closeLink(link, false)}
        />
      )}
    </div>
  );
}
