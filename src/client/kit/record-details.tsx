import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';

/** One line of a record's details: a translation key for the label and what to show. */
export interface Fact {
  label: string;
  /** A list of strings (e-mails, names) shows one per line; nothing, '' or [] shows "(none)". */
  value: ReactNode | readonly string[];
}

const box = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3', minW: 0 });
const heading = css({ fontSize: 'lg', fontWeight: '600', m: 0, color: 'fg', overflowWrap: 'anywhere' });
const list = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, max-content) 1fr',
  columnGap: '4',
  rowGap: '2',
  m: 0,
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { m: 0, color: 'fg', minW: 0, overflowWrap: 'anywhere' },
});
const muted = css({ color: 'fg.muted' });

const isEmpty = (value: Fact['value']) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function show(value: Fact['value']): ReactNode {
  return Array.isArray(value) ? value.map((line, i) => <div key={i}>{line}</div>) : (value as ReactNode);
}

/**
 * The details of a list's focused row, for `<ListScreen detail={(row) => …}>`: a heading and label /
 * value pairs. Read-only: it takes no focus of its own, so the grid keeps the keyboard (F6 comes here).
 */
export function RecordDetails({ title, facts }: { title: ReactNode; facts: Fact[] }) {
  const t = useT();
  return (
    <div className={box}>
      <h2 className={heading}>{title}</h2>
      <dl className={list}>
        {facts.map((fact) => (
          <div key={fact.label} className={css({ display: 'contents' })}>
            <dt>{t(fact.label)}</dt>
            <dd>{isEmpty(fact.value) ? <span className={muted}>{t('grid.none')}</span> : show(fact.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
