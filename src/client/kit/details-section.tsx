import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';

const section = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '4', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', minW: 0 });
const headingRow = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const heading = css({ fontSize: 'md', fontWeight: '600', m: 0, mr: 'auto' });
const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(180px, max-content) 1fr' },
  columnGap: '6',
  rowGap: '1.5',
  m: 0,
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { m: 0, color: 'fg', minW: 0, overflowWrap: 'anywhere' },
});
const muted = css({ color: 'fg.muted' });

export type FactRow = [label: string, value: ReactNode];

/** Label / value pairs of a details page; an empty value is left out (the page lists what the record has). */
export function Facts({ rows }: { rows: FactRow[] }) {
  const t = useT();
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  if (shown.length === 0) return <p className={muted}>{t('grid.none')}</p>;
  return (
    <dl className={facts}>
      {shown.map(([label, value]) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled section of a details page (a region named by its heading); `actions` sit beside the heading. */
export function DetailsSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const t = useT();
  const id = useId();
  return (
    <section className={section} aria-labelledby={id}>
      <div className={headingRow}>
        <h2 id={id} className={heading}>
          {t(title)}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A small read-only table inside a details section (shares, a record's rows with their buttons). */
export const detailsTable = css({
  borderCollapse: 'collapse',
  w: '100%',
  fontSize: 'sm',
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', px: '2', py: '1.5', textAlign: 'left', verticalAlign: 'middle', overflowWrap: 'anywhere' },
  // Headers break between words only: a cell's long value may break anywhere, a column's name should not.
  '& thead th': { color: 'fg.muted', fontWeight: '600', fontSize: 'xs', overflowWrap: 'normal' },
  '& td[data-actions]': { whiteSpace: 'nowrap', textAlign: 'right' },
  // Amounts line up on the right, digit under digit.
  '& [data-num]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** A column of a details table: its header's translation key, `num` for amounts (right-aligned, as its cells with `data-num`). */
export type DetailsColumn = string | { key: string; num: true };

/**
 * A details section's table: column headers by translation key, one row per item (`row` answers its
 * `<tr>`), or the `empty` text when there are none. `caption` names the table for screen readers when
 * several sit in one section.
 */
export function DetailsTable<T>({ columns, items, row, empty = 'grid.none', caption }: { columns: DetailsColumn[]; items: readonly T[]; row(item: T): ReactNode; empty?: string; caption?: string }) {
  const t = useT();
  if (items.length === 0) return <p className={muted}>{t(empty)}</p>;
  return (
    <table className={detailsTable}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => {
            const key = typeof c === 'string' ? c : c.key;
            return (
              <th key={key} scope="col" data-num={typeof c === 'string' ? undefined : ''}>
                {t(key)}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{items.map(row)}</tbody>
    </table>
  );
}
