import { css } from 'styled-system/css';
import { Timestamp, type Column } from '../../kit/grid';

/** A column for `listColumns`, which makes it sortable where the list (`shared/lists/portal.ts`) sorts by its id. */
type SharedColumn<T> = Omit<Column<T>, 'sortable' | 'sortKey'>;

/** Columns the three portal lists share: id, locale and created_at, labelled from `${resource}.fields`. */
export function idColumn<T extends { id: number }>(resource: string): SharedColumn<T> {
  return { id: 'id', header: `${resource}.fields.id`, width: 70, grow: 0, align: 'end' };
}

export function localeColumn<T extends { locale: string }>(resource: string): SharedColumn<T> {
  return { id: 'locale', header: `${resource}.fields.locale`, width: 80, grow: 0, cell: (row) => <LocaleCode locale={row.locale} /> };
}

export function createdColumn<T extends { created_at: string }>(resource: string): SharedColumn<T> {
  return {
    id: 'created_at',
    header: `${resource}.fields.created_at`,
    width: 170,
    grow: 0,
    cell: (row) => <Timestamp value={row.created_at} />,
  };
}

const code = css({ fontFamily: 'mono', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: '0.04em' });

/** A content locale as its code (`DE`), compact in a grid cell. */
export function LocaleCode({ locale }: { locale: string }) {
  return <span className={code}>{locale}</span>;
}
