import { css } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import { useT } from '../lib/i18n';
import { ROUTES_BY_ID, routePath } from '../route-table';

/** A tab that is a page: where it leads and the translation key of its title. */
export interface RouteTab {
  href: string;
  label: string;
}

const bar = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', m: 0, p: 0, listStyle: 'none' });
const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  h: '32px',
  color: 'fg.muted',
  textDecoration: 'none',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  mb: '-1px',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg' },
  '&[aria-current=page]': { color: 'fg', borderColor: 'accent', fontWeight: '600' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '-2px' },
});

/**
 * Sibling views that are routes of their own, shown as tabs: a navigation of links, the current one
 * marked `aria-current="page"`. Being links, each is a bookmark. Give `routes` (route ids without
 * parameters, titled by the route: revenue sources' channels and labels) or `tabs` (any links with
 * their titles: the vendors list's views, a vendor's details and audit log).
 */
export function RouteTabs({ routes, tabs, label }: { routes?: readonly string[]; tabs?: readonly RouteTab[]; label: string }) {
  const t = useT();
  const [location] = useLocation();
  const links = tabs ?? (routes ?? []).map((id) => ({ href: routePath(id), label: ROUTES_BY_ID.get(id)?.title ?? id }));
  return (
    <nav aria-label={t(label)}>
      <ul className={bar}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={tab} aria-current={location === link.href ? 'page' : undefined}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
