import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { sessionAtom } from '../../session';
import type { Column } from './types';

/**
 * Which columns of a list its user has hidden, remembered in this browser per user (by e-mail) and per
 * list. Every column stays available: the chooser lists them all, and the column naming the row (the
 * row header) cannot be hidden.
 */
export interface ColumnChoice<T> {
  /** Every column of the list, in order. */
  all: Column<T>[];
  /** The columns to render. */
  shown: Column<T>[];
  hidden: ReadonlySet<string>;
  /** The column that names a row: always shown. */
  fixed: string | undefined;
  setShown(id: string, shown: boolean): void;
  showAll(): void;
}

const storageKey = (email: string) => `remit.columns.${email}`;

function readAll(email: string): Record<string, string[]> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(email)) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}

/** The row-header column (marked, else the first): never hidden. */
export function fixedColumn<T>(columns: Column<T>[]): string | undefined {
  return (columns.find((c) => c.rowHeader) ?? columns[0])?.id;
}

/** The columns left after hiding `hidden` (ids of columns that no longer exist are ignored). */
export function chosenColumns<T>(columns: Column<T>[], hidden: ReadonlySet<string>): Column<T>[] {
  const fixed = fixedColumn(columns);
  return columns.filter((c) => c.id === fixed || !hidden.has(c.id));
}

export function useColumnChoice<T>(list: string, columns: Column<T>[]): ColumnChoice<T> {
  const email = useAtomValue(sessionAtom)?.email ?? '';
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(readAll(email)[list] ?? []));
  const save = (next: ReadonlySet<string>) => {
    setHidden(next);
    const all = readAll(email);
    if (next.size) all[list] = [...next];
    else delete all[list];
    localStorage.setItem(storageKey(email), JSON.stringify(all));
  };
  const shown = useMemo(() => chosenColumns(columns, hidden), [columns, hidden]);
  return {
    all: columns,
    shown,
    hidden,
    fixed: fixedColumn(columns),
    setShown: (id, show) => {
      const next = new Set(hidden);
      if (show) next.delete(id);
      else next.add(id);
      save(next);
    },
    showAll: () => save(new Set()),
  };
}
