import type { RefObject } from 'react';
import { Keyboard, Menu, MenuItem, Popover, Text } from 'react-aria-components';
import { isHidden, scopedCommands } from '../../../../commands/registry';
import type { Selection } from '../../../../commands/types';
import { useCommands } from '../../commands/context';
import { useT, type Translate } from '../../lib/i18n';
import { hotkeyText } from '../../lib/key-caps';
import { kbd, menu, menuDescription, menuItem, menuItemLine, popover } from './styles';

/** `mod+e` → `Ctrl+E` (`Strg+E` in German, ⌘E on a Mac): how a command's hotkey reads next to its menu item. */
export function hotkeyLabel(hotkey: string | readonly string[] | undefined, t: Translate): string | undefined {
  const first = typeof hotkey === 'string' ? hotkey : hotkey?.[0];
  return first ? hotkeyText(first, t) : undefined;
}

interface RowMenuProps {
  selection: Selection;
  anchor: RefObject<Element | null>;
  /** Translated name of the menu ("Actions for …"). */
  label: string;
  /** Only these row commands, in this order (a details page's menu of a few actions). */
  only?: readonly string[];
  onClose(): void;
}

/**
 * The row's commands (`scope.kind === 'row'`) in a react-aria Menu: arrow keys, typeahead, Escape,
 * focus returning to the row. Disabled commands stay listed with their reason.
 */
export function RowMenu({ selection, anchor, label, only, onClose }: RowMenuProps) {
  const t = useT();
  const commands = useCommands();
  const scoped = scopedCommands(selection.resource, 'row');
  const chosen = only ? only.map((id) => scoped.find((c) => c.id === id)).filter((c) => c !== undefined) : scoped;
  const items = chosen
    .map((command) => ({ command, availability: commands.availability(command.id, { selection }) }))
    .filter((i) => !isHidden(i.availability));
  const disabledKeys = items.filter((i) => !commands.isEnabled(i.availability)).map((i) => i.command.id);
  return (
    // named like the menu: react-aria renders a modal popover as a dialog, and a dialog needs a name
    <Popover triggerRef={anchor} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom end" className={popover} aria-label={label}>
      <Menu
        aria-label={label}
        autoFocus="first"
        className={menu}
        disabledKeys={disabledKeys}
        onAction={(key) => {
          onClose();
          // after the menu has gone and focus is back on the row: the command may open a dialog
          setTimeout(() => void commands.run(String(key), { selection }), 0);
        }}
        renderEmptyState={() => <div className={menuItem}>{t('grid.no_actions')}</div>}
      >
        {items.map(({ command, availability }) => {
          const reason = 'reason' in availability ? t(availability.reason) : undefined;
          const hotkey = hotkeyLabel(command.hotkey, t);
          return (
            <MenuItem key={command.id} id={command.id} textValue={t(command.title)} className={menuItem}>
              {/* Named by its content, so the name holds every visible word (WCAG 2.5.3), the hotkey included; the
                  reason is its description only (hidden from the name, still read as the description). */}
              <span className={menuItemLine}>
                <span>{t(command.title)}</span>
                {hotkey && <Keyboard className={kbd}>{hotkey}</Keyboard>}
              </span>
              {reason && (
                <Text slot="description" className={menuDescription} aria-hidden="true">
                  {reason}
                </Text>
              )}
            </MenuItem>
          );
        })}
      </Menu>
    </Popover>
  );
}
