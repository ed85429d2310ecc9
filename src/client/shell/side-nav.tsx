import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import { hasAnyRole } from '../../shared/roles';
import { useT } from '../lib/i18n';
import { ROUTES_BY_ID } from '../route-table';
import { ALWAYS_LISTED, NAV_SECTIONS } from './nav-sections';

const STORAGE_KEY = 'remit.nav.collapsed';

function loadCollapsed(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

const link = css({
  display: 'flex',
  alignItems: 'center',
  h: '28px',
  px: '3',
  mx: '2',
  borderRadius: 'md',
  color: 'fg.muted',
  textDecoration: 'none',
  _hover: { bg: 'bg.hover', color: 'fg' },
  '&[aria-current=page]': { bg: 'bg.selected', color: 'fg', fontWeight: '600' },
});

/** Side navigation with the role rules of spec 1, 2.4; sections remember whether they are collapsed. */
export function SideNav({ roles }: { roles: readonly string[] }) {
  const t = useT();
  const [location] = useLocation();
  const [collapsed, setCollapsed] = useState(loadCollapsed);
  const toggle = (id: string) => {
    const next = { ...collapsed, [id]: !collapsed[id] };
    setCollapsed(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  };
  const visible = (id: string) => {
    const route = ROUTES_BY_ID.get(id)!;
    return ALWAYS_LISTED.has(id) || hasAnyRole(roles, route.roles ?? []);
  };
  const isCurrent = (path: string) => location === path || location.startsWith(`${path}/`);

  return (
    <nav aria-label={t('nav.label')} className={css({ w: 'sidenav', flexShrink: 0, bg: 'bg.surface', borderRightWidth: '1px', borderColor: 'border', overflowY: 'auto', py: '2' })}>
      <Link href="/" className={css({ display: 'block', px: '5', py: '2', fontWeight: '700', fontSize: 'lg', color: 'fg', textDecoration: 'none' })}>
        Remit
      </Link>
      {NAV_SECTIONS.map((section) => {
        const routes = section.routes.filter(visible);
        if (routes.length === 0) return null;
        const listId = `nav-section-${section.id}`;
        const open = !collapsed[section.id];
        return (
          <div key={section.id} className={css({ mt: section.title ? '3' : '1' })}>
            {section.title && (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(section.id)}
                className={css({ display: 'flex', alignItems: 'center', gap: '1', w: 'calc(100% - 16px)', mx: '2', px: '3', h: '26px', fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase', letterSpacing: '0.05em', color: 'fg.subtle', borderRadius: 'md', cursor: 'pointer', _hover: { bg: 'bg.hover' } })}
              >
                <span aria-hidden="true" className={cx(css({ display: 'inline-block', transition: 'transform 0.1s' }), open ? css({ transform: 'rotate(90deg)' }) : undefined)}>
                  ›
                </span>
                {t(section.title)}
              </button>
            )}
            <ul id={listId} hidden={!open} className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '0.5' })}>
              {routes.map((id) => {
                const route = ROUTES_BY_ID.get(id)!;
                return (
                  <li key={id}>
                    <Link href={route.path} className={link} aria-current={isCurrent(route.path) ? 'page' : undefined}>
                      {t(route.title)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
