import { css } from 'styled-system/css';
import { Timestamp, type Column } from '../../kit/grid';

/** Columns the three portal lists share: id, locale and created_at, labelled from `${resource}.fields`. */
export function idColumn<T extends { id: number }>(resource: string): Column<T> {
  return { id: 'id', header: `${resource}.fields.id`, sortable: true, width: 70, grow: 0, align: 'end' };
}

export function localeColumn<T extends { locale: string }>(resource: string): Column<T> {
  return { id: 'locale', header: `${resource}.fields.locale`, sortable: true, width: 80, grow: 0, cell: (row) => <LocaleCode locale={row.locale} /> };
}

export function createdColumn<T extends { created_at: string }>(resource: string): Column<T> {
  return {
    id: 'created_at',
    header: `${resource}.fields.created_at`,
    sortable: true,
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
