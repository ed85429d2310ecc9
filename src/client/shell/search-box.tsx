import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useT } from '../lib/i18n';

const PAUSE_MS = 300;

/** The frame's search box: writes `q` (and back to page 1) after a short pause; `/` focuses it. */
export function SearchBox() {
  const t = useT();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const q = new URLSearchParams(search).get('q') ?? '';
  const [value, setValue] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setValue(q), [q]);
  // A pause still running when the page is left (↓ Enter on a row right after typing) must not bring
  // the user back: it is dropped with the box, and it only writes to the page it was typed on.
  useEffect(() => () => clearTimeout(timer.current), []);
  const write = (next: string) => {
    if (typeof window !== 'undefined' && window.location.pathname !== location) return;
    const params = new URLSearchParams(search);
    if (next) params.set('q', next);
    else params.delete('q');
    params.delete('p');
    const qs = params.toString();
    navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  return (
    <div role="search" className={css({ w: '280px' })}>
      <input
        id="page-search"
        type="search"
        className={input()}
        placeholder={t('shell.search_placeholder')}
        aria-label={t('shell.search')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          clearTimeout(timer.current);
          const next = e.target.value;
          timer.current = setTimeout(() => write(next.trim()), PAUSE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            clearTimeout(timer.current);
            write(value.trim());
          }
        }}
      />
    </div>
  );
}
