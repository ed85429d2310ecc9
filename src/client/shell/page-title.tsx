import { useEffect, useState } from 'react';
import type { Translate } from '../lib/i18n';
import type { RouteDef } from '../route-table';

const PRODUCT = 'Remit';

/**
 * What a page is called (WCAG 2.4.2): the record's name first when the page shows one, then the
 * route's title ("Acme Music · Edit vendor"); the not-found page for an address no route matches.
 */
export function pageHeading(route: RouteDef | undefined, crumb: string | undefined, t: Translate): string {
  const title = route ? t(route.title) : t('not_found.title');
  return crumb ? `${crumb} · ${title}` : title;
}

/** Sets `document.title` to "`heading` · Remit" while the page is shown. */
export function useDocumentTitle(heading: string): void {
  useEffect(() => {
    document.title = `${heading} · ${PRODUCT}`;
  }, [heading]);
}

/**
 * The document title, and a polite live region that says the page's name whenever it changes: a
 * screen reader hears where a route change (a link, a command, a go-to sequence) has taken the user.
 */
export function RouteAnnouncer({ heading }: { heading: string }) {
  useDocumentTitle(heading);
  const [said, setSaid] = useState('');
  // After the page has rendered, so the region's change is read after the focus moved, not before.
  useEffect(() => {
    const timer = setTimeout(() => setSaid(heading), 100);
    return () => clearTimeout(timer);
  }, [heading]);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {said}
    </div>
  );
}
