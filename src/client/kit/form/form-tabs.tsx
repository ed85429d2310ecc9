import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { firstControl } from '../../shell/focus';
import { useFooterSlot, useForm } from './form-context';

export interface FormTabDef {
  /** The hash without `#` (`managing-directors`); the first tab is chosen by an empty hash. */
  id: string;
  /** Translation key of the tab's title. */
  label: string;
  /**
   * Field paths (or list prefixes) whose errors badge this tab. A tab without `fields` collects every
   * error no other tab claims (the general tab).
   */
  fields?: string[];
  /** A list field whose item count the tab shows. */
  count?: string;
}

export interface FormTabsProps {
  tabs: FormTabDef[];
  /** Translation key naming the tab list (default `form.tabs`). */
  label?: string;
  /** `<FormTabPanel id=...>` for each tab. */
  children: ReactNode;
  /** Told the chosen tab's id (on start too): a create form shows Save on its last tab only. */
  onTabChange?(id: string): void;
}

const tabList = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', overflowX: 'auto' });
const tabStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  h: '32px',
  cursor: 'pointer',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  mb: '-1px',
  outline: 'none',
  whiteSpace: 'nowrap',
  '&[data-selected]': { color: 'fg', borderColor: 'accent', fontWeight: '600' },
  '&[data-hovered]': { color: 'fg' },
  '&[data-focus-visible]': { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
});
const countStyle = css({ fontSize: 'xs', px: '1.5', borderRadius: 'sm', bg: 'bg.subtle', color: 'fg.muted' });
const badgeStyle = css({ fontSize: 'xs', fontWeight: '700', px: '1.5', borderRadius: 'sm', bg: 'danger', color: 'fg.onAccent' });
const panelStyle = css({ pt: '3', display: 'flex', flexDirection: 'column', gap: '3', outline: 'none' });
// In the footer: Back and Next, then a gap before the footer's own actions.
const navStyle = css({ display: 'flex', gap: '2', mr: '4' });

function tabFromHash(tabs: FormTabDef[]): string {
  const hash = typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
  return tabs.find((t) => t.id === hash)?.id ?? tabs[0].id;
}

/**
 * Tabs of a form, chosen by the URL hash (no hash = the first, general tab), with Back and Next
 * walking them in order, an error badge after a failed submit and item counters for lists. Arrow keys
 * move between tabs (react-aria Tabs). After a failed submit that left the current tab clean, the
 * first tab with errors opens.
 */
export function FormTabs({ tabs, label = 'form.tabs', children, onTabChange }: FormTabsProps) {
  const t = useT();
  const form = useForm();
  const [selected, setSelected] = useState(() => tabFromHash(tabs));
  useEffect(() => onTabChange?.(selected), [selected, onTabChange]);

  useEffect(() => {
    const onHash = () => setSelected(tabFromHash(tabs));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [tabs]);

  const select = useCallback(
    (id: string) => {
      setSelected(id);
      const hash = id === tabs[0].id ? '' : `#${id}`;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    },
    [tabs],
  );

  const claimed = tabs.flatMap((tab) => tab.fields ?? []);
  const hasErrors = (tab: FormTabDef) => form.hasErrorsUnder(tab.fields ?? null, tab.fields ? [] : claimed);

  const { failedSubmits } = form;
  useEffect(() => {
    if (!failedSubmits) return;
    const current = tabs.find((tab) => tab.id === selected);
    if (current && hasErrors(current)) return;
    const withErrors = tabs.find(hasErrors);
    if (withErrors) select(withErrors.id);
    // Only a new failed attempt moves the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedSubmits]);

  // Back / Next hand the focus to the new tab's first field, or its first button on a list tab with no
  // entry yet (not to Back / Next, which may turn disabled, nor to the panel: it lost the focus to <body>).
  const tabsRef = useRef<HTMLDivElement>(null);
  const footerSlot = useFooterSlot();
  const focusNewTab = useRef(false);
  const step = (id: string) => {
    focusNewTab.current = true;
    select(id);
  };
  useEffect(() => {
    if (!focusNewTab.current) return;
    focusNewTab.current = false;
    const panel = tabsRef.current?.querySelector<HTMLElement>('[role=tabpanel]');
    (firstControl(panel) ?? panel)?.focus();
  }, [selected]);

  const index = Math.max(0, tabs.findIndex((tab) => tab.id === selected));
  return (
    <>
      <Tabs ref={tabsRef} selectedKey={tabs[index].id} onSelectionChange={(key) => select(String(key))}>
        <TabList aria-label={t(label)} className={tabList}>
          {tabs.map((tab) => {
            const list = tab.count ? form.getValue(tab.count) : undefined;
            const count = Array.isArray(list) ? list.length : undefined;
            const badge = form.submitted && hasErrors(tab);
            return (
              <Tab key={tab.id} id={tab.id} className={tabStyle}>
                {t(tab.label)}
                {count !== undefined && (
                  <>
                    {' '}
                    <span className={countStyle} aria-hidden="true">
                      {count}
                    </span>{' '}
                    <span className="sr-only">{t('form.tab_count', { count })}</span>
                  </>
                )}
                {badge && (
                  <>
                    {' '}
                    <span className={badgeStyle} aria-hidden="true" data-testid={`tab-error-${tab.id}`}>
                      !
                    </span>{' '}
                    <span className="sr-only">{t('form.tab_has_errors')}</span>
                  </>
                )}
              </Tab>
            );
          })}
        </TabList>
        {children}
      </Tabs>
      {/* Outside <Tabs>: react-aria renders its children twice (once to build the collection). */}
      {footerSlot &&
        createPortal(
          <div className={navStyle}>
            <button type="button" className={button()} disabled={index === 0} onClick={() => step(tabs[index - 1].id)}>
              {t('form.back')}
            </button>
            <button type="button" className={button()} disabled={index === tabs.length - 1} onClick={() => step(tabs[index + 1].id)}>
              {t('form.next')}
            </button>
          </div>,
          footerSlot,
        )}
    </>
  );
}

/** The content of one tab. */
export function FormTabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <TabPanel id={id} className={panelStyle}>
      {children}
    </TabPanel>
  );
}
