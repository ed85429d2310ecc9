import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** The command buttons above a payout tab's content. */
export const tabBar = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });

/** A grid of a few rows in a tab: as tall as its rows up to a limit, then it scrolls (a fixed height left a gap under short tables). */
export const shortGrid = css({ maxH: '320px' });

const section = css({ display: 'flex', flexDirection: 'column', gap: '2', '& h2': { fontSize: 'md', fontWeight: '600', m: 0 } });

/** A titled part of a payout tab; the heading names the section for screen readers. */
export function TabSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
