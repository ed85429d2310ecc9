import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { allCommands, availability, hotkeysOf, isHidden } from '../../../commands/registry';
import { useCommands } from '../commands/context';
import { useT } from '../lib/i18n';
import { keyCap } from '../lib/key-caps';
import { Hotkey } from './kbd';
import { modalBox, overlay } from './palette';

/**
 * The `?` help sheet: every hotkey of the commands this user has, generated from the registry, then
 * the keys lists and forms handle themselves (F2 only where a grid on the screen edits cells).
 */
export function HelpSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const ctx = useCommands().context();
  const groups = new Map<string, { id: string; title: string; keys: readonly string[] }[]>();
  for (const c of allCommands()) {
    const keys = hotkeysOf(c);
    if (keys.length === 0 || isHidden(availability(c, ctx))) continue;
    const group = t(c.group);
    groups.set(group, [...(groups.get(group) ?? []), { id: c.id, title: t(c.title), keys }]);
  }
  // Keys the grid and the form handle themselves; F2 only where a grid on this screen edits cells.
  const inlineEditing = typeof document !== 'undefined' && Boolean(document.querySelector('[role=grid][data-inline-edit]'));
  const fixed: { section: string; keys: string[]; text: string }[] = [
    { section: 'help.lists', keys: ['↑', '↓'], text: t('help.keys.rows') },
    { section: 'help.lists', keys: ['j', 'k'], text: t('help.keys.rows') },
    { section: 'help.lists', keys: ['Enter'], text: t('help.keys.open') },
    { section: 'help.lists', keys: ['x'], text: t('help.keys.select') },
    { section: 'help.lists', keys: ['mod', 'C'], text: t('help.keys.copy_rows') },
    { section: 'help.lists', keys: ['Shift', 'F10'], text: t('help.keys.row_menu') },
    ...(inlineEditing ? [{ section: 'help.lists', keys: ['F2'], text: t('help.keys.edit_cell') }] : []),
    { section: 'help.forms', keys: ['mod', 'S'], text: t('help.keys.save') },
    { section: 'help.forms', keys: ['mod', 'Enter'], text: t('help.keys.save_continue') },
    { section: 'help.forms', keys: ['alt', 'F10'], text: t('help.keys.editor_toolbar') },
    { section: 'help.forms', keys: ['Esc'], text: t('help.keys.leave_field') },
    { section: 'help.forms', keys: ['Esc'], text: t('help.keys.close') },
  ];
  const fixedSections = [...new Set(fixed.map((f) => f.section))];
  return (
    <ModalOverlay isOpen={open} onOpenChange={(o) => !o && onClose()} isDismissable className={overlay}>
      <Modal className={`${modalBox} ${css({ w: 'min(760px, 94vw)' })}`}>
        <Dialog data-focus-owner="modal" className={css({ outline: 'none', p: '5', maxH: '76vh', overflowY: 'auto' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '3' })}>
            <Heading slot="title" className={css({ fontSize: 'lg', fontWeight: '600' })}>
              {t('help.title')}
            </Heading>
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onClose} autoFocus>
              {t('help.close')}
            </button>
          </div>
          <div className={css({ columns: { base: 1, md: 2 }, columnGap: '8' })}>
            {[...groups.entries()].map(([group, list]) => (
              <section key={group} className={css({ breakInside: 'avoid', mb: '4' })}>
                <h3 className={css({ fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase', color: 'fg.subtle', mb: '1' })}>{group}</h3>
                <dl>
                  {list.map((c) => (
                    <div key={c.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '0.5' })}>
                      <dt>{c.title}</dt>
                      <dd className={css({ display: 'flex', gap: '2' })}>
                        {c.keys.map((k) => (
                          <Hotkey key={k} hotkey={k} then={t('help.then')} />
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            {fixedSections.map((section) => (
              <section key={section} className={css({ breakInside: 'avoid', mb: '4' })}>
                <h3 className={css({ fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase', color: 'fg.subtle', mb: '1' })}>{t(section)}</h3>
                <dl>
                  {fixed
                    .filter((f) => f.section === section)
                    .map((f, i) => (
                      <div key={i} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '0.5' })}>
                        <dt>{f.text}</dt>
                        <dd className={css({ display: 'flex', gap: '1' })}>
                          {f.keys.map((k) => (
                            <kbd key={k} className={css({ fontFamily: 'mono', fontSize: 'xs', px: '1', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'sm', bg: 'bg.subtle' })}>
                              {keyCap(k, t)}
                            </kbd>
                          ))}
                        </dd>
                      </div>
                    ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
