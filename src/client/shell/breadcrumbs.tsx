import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';
import { ROUTES_BY_ID, routePath, type RouteDef } from '../route-table';
import { sectionOf } from './nav-sections';

/** Home first, then the route's parents from the route table, then the page itself (spec 1, 2.5). */
export function Breadcrumbs({ route, params, crumb }: { route: RouteDef | undefined; params: Record<string, string>; crumb?: string }) {
  const t = useT();
  const chain: RouteDef[] = [];
  for (let r = route; r; r = r.parent ? ROUTES_BY_ID.get(r.parent) : undefined) chain.unshift(r);
  const section = route ? sectionOf(route.id) : undefined;
  const items: { label: string; href?: string }[] = [{ label: t('nav.home'), href: '/' }];
  if (section?.title) items.push({ label: t(section.title) });
  for (const r of chain) {
    if (r.id === 'home') continue;
    const isLast = r === route;
    items.push({ label: isLast && crumb ? crumb : t(r.title), href: isLast ? undefined : safePath(r, params) });
  }
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <ol className={css({ display: 'flex', alignItems: 'center', gap: '1.5', listStyle: 'none', color: 'fg.muted', whiteSpace: 'nowrap', overflow: 'hidden' })}>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className={css({ display: 'flex', alignItems: 'center', gap: '1.5' })}>
              {i > 0 && <span aria-hidden="true">/</span>}
              {item.href && !last ? (
                <Link href={item.href} className={css({ color: 'fg.muted', textDecoration: 'none', _hover: { color: 'fg', textDecoration: 'underline' } })}>
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? css({ color: 'fg', fontWeight: '600' }) : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function safePath(route: RouteDef, params: Record<string, string>): string | undefined {
  try {
    return routePath(route.id, params);
  } catch {
    return undefined;
  }
}
