import type { LexicalEditor } from 'lexical';
import { Fragment, forwardRef, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ariaKeyShortcuts, hotkeyText } from '../../lib/key-caps';
import { BLOCK_TYPES, setBlockType, toggleFormat, toggleList, type BlockType, type SelectionFormat, type TextFormat } from './commands';
import { rtStyles } from './styles';

export interface ToolbarHandle {
  /** Moves the focus to the toolbar's current item (Alt+F10 in the editor). */
  focus(): void;
}

interface ToolbarProps {
  editor: LexicalEditor;
  /** Id of the editable area the toolbar formats. */
  controls: string;
  /** The field's translated label: the toolbar is named after it. */
  label: string;
  state: SelectionFormat;
  disabled?: boolean;
  onLink(): void;
  /** Escape: back to the text. */
  onLeave(): void;
}

interface Tool {
  key: string;
  label: string;
  hotkey?: string;
  pressed: boolean;
  icon: ReactNode;
  run(): void;
  popup?: boolean;
}

const svg = (path: ReactNode) => (
  <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true" focusable="false">
    {path}
  </svg>
);
const ICONS = {
  bold: <b aria-hidden="true">B</b>,
  italic: (
    <i aria-hidden="true" style={{ fontFamily: 'Georgia, serif' }}>
      I
    </i>
  ),
  underline: (
    <u aria-hidden="true" style={{ textUnderlineOffset: '2px' }}>
      U
    </u>
  ),
  strikethrough: <s aria-hidden="true">S</s>,
  bullet: svg(
    <>
      <circle cx="3" cy="4" r="1" fill="currentColor" stroke="none" />
      <circle cx="3" cy="8" r="1" fill="currentColor" stroke="none" />
      <circle cx="3" cy="12" r="1" fill="currentColor" stroke="none" />
      <path d="M6.5 4h7M6.5 8h7M6.5 12h7" />
    </>,
  ),
  number: svg(
    <>
      <path d="M2.5 2.8l1-.6v3.6M2.2 9.4c.4-.6 1.8-.6 1.8.3 0 .7-1.8 1.5-1.8 2.3h1.9" strokeWidth="1.1" />
      <path d="M6.5 4h7M6.5 8h7M6.5 12h7" />
    </>,
  ),
  link: svg(<path d="M6.6 9.4l2.8-2.8M7.4 4.8l1.1-1.1a2.6 2.6 0 013.7 3.7l-1.1 1.1M8.6 11.2l-1.1 1.1a2.6 2.6 0 01-3.7-3.7l1.1-1.1" />),
};


/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): not a Tab stop of its own (Tab goes from the field
 * before straight into the text, issue 24 item 8); Alt+F10 in the text reaches it, Left/Right (and
 * Home/End) move between the controls, Escape returns to the text. Buttons are named and report
 * the selection's formatting with aria-pressed; the block style is a labelled native select. Actions
 * keep the focus where it is: in the toolbar when used from the keyboard, in the text when clicked
 * (the buttons do not take the focus on mouse down).
 */
export const Toolbar = forwardRef<ToolbarHandle, ToolbarProps>(function Toolbar({ editor, controls, label, state, disabled, onLink, onLeave }, ref) {
  const t = useT();
  const items = useRef<(HTMLElement | null)[]>([]);
  const [active, setActive] = useState(0);

  const tools: Tool[][] = [
    (['bold', 'italic', 'underline', 'strikethrough'] as TextFormat[]).map((format) => ({
      key: format,
      label: t(`rich_text.${format}`),
      hotkey: { bold: 'mod+b', italic: 'mod+i', underline: 'mod+u', strikethrough: 'mod+shift+x' }[format],
      pressed: state.formats[format],
      icon: ICONS[format],
      run: () => toggleFormat(editor, format),
    })),
    (['bullet', 'number'] as const).map((type) => ({
      key: type,
      label: t(type === 'bullet' ? 'rich_text.bullet_list' : 'rich_text.numbered_list'),
      pressed: state.list === type,
      icon: ICONS[type],
      run: () => toggleList(editor, type, state.list),
    })),
    [{ key: 'link', label: t('rich_text.link'), hotkey: 'mod+k', pressed: state.link, icon: ICONS.link, run: onLink, popup: true }],
  ];

  const focusable = () => items.current.filter((el): el is HTMLElement => el !== null && !(el as HTMLButtonElement).disabled);
  const focusItem = (el: HTMLElement | undefined) => {
    if (!el) return;
    setActive(items.current.indexOf(el));
    el.focus();
  };

  useImperativeHandle(ref, () => ({
    focus: () => {
      const list = focusable();
      focusItem(list.find((el) => items.current.indexOf(el) === active) ?? list[0]);
    },
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys from the link dialog travel up the React tree too; only the toolbar's own count.
    if (!(e.target instanceof Node) || !e.currentTarget.contains(e.target)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const list = focusable();
    const at = list.indexOf(e.target as HTMLElement);
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowRight') next = list[(at + 1) % list.length];
    else if (e.key === 'ArrowLeft') next = list[(at - 1 + list.length) % list.length];
    else if (e.key === 'Home') next = list[0];
    else if (e.key === 'End') next = list[list.length - 1];
    else if (e.key === 'Escape') {
      e.preventDefault();
      onLeave();
      return;
    } else return;
    e.preventDefault();
    focusItem(next);
  };

  let index = 0;
  const slot = () => {
    const i = index++;
    return {
      ref: (el: HTMLElement | null) => {
        items.current[i] = el;
      },
      // Off the Tab order: reached by Alt+F10 (the editor's hint says so) or the mouse.
      tabIndex: -1,
      onFocus: () => setActive(i),
    };
  };

  return (
    <div role="toolbar" aria-label={t('rich_text.toolbar', { label })} aria-controls={controls} aria-orientation="horizontal" className={rtStyles.toolbar} onKeyDown={onKeyDown}>
      <select
        {...slot()}
        aria-label={t('rich_text.block_type')}
        className={rtStyles.select}
        value={state.block}
        disabled={disabled}
        onChange={(e) => setBlockType(editor, e.target.value as BlockType)}
      >
        {BLOCK_TYPES.map((block) => (
          <option key={block} value={block}>
            {t(`rich_text.blocks.${block}`)}
          </option>
        ))}
      </select>
      {tools.map((group, g) => (
        <Fragment key={g}>
          <span className={rtStyles.divider} aria-hidden="true" />
          {group.map((tool) => {
            const keys = tool.hotkey ? hotkeyText(tool.hotkey, t) : undefined;
            return (
              <button
                key={tool.key}
                {...slot()}
                type="button"
                className={rtStyles.tool}
                aria-label={tool.label}
                aria-pressed={tool.popup ? undefined : tool.pressed}
                aria-haspopup={tool.popup ? 'dialog' : undefined}
                data-active={tool.popup && tool.pressed ? '' : undefined}
                aria-keyshortcuts={tool.hotkey ? ariaKeyShortcuts(tool.hotkey) : undefined}
                title={keys ? `${tool.label} (${keys})` : tool.label}
                disabled={disabled}
                data-tool={tool.key}
                onMouseDown={(e) => e.preventDefault()}
                onClick={tool.run}
              >
                {tool.icon}
              </button>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
});
