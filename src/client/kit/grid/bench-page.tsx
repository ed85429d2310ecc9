import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../lib/i18n';
import { DataGrid } from './data-grid';
import { formatDate } from './format';
import { formatMoney } from './format-money';
import type { Column } from './types';

/**
 * Pages for the grid benchmark (tests/bench): the same 100,000 generated rows once in the DataGrid
 * (virtualised, selectable, row menu) and once as a plain DOM table. Both set `data-bench-ready` on
 * <body> and a `bench-rendered` performance mark after their first paint, for the measuring script.
 */
export interface BenchRow {
  id: number;
  reference: string;
  vendor: string;
  state: string;
  currency: string;
  /** Money as a decimal string, built from integer cents: never a float. */
  amount: string;
  period: string;
  created_at: string;
}

const VENDORS = ['Northwind Music', 'Blue Label', 'Kite Films', 'Orbit Artists', 'Delta Rights', 'Lumen Media'];
const STATES = ['new', 'verified', 'paid', 'paused', 'cancelled'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];

/** Deterministic rows (a small LCG), so every run measures the same data. */
export function benchRows(count = 100_000): BenchRow[] {
  let seed = 42;
  // the low bits of an LCG repeat quickly: use the high ones
  const next = () => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 65536);
  const rows: BenchRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const cents = next() * 300 + (next() % 300);
    const day = next() % 28;
    const month = next() % 12;
    rows[i] = {
      id: i + 1,
      reference: `PAY-${String(i + 1).padStart(6, '0')}`,
      vendor: VENDORS[next() % VENDORS.length],
      state: STATES[next() % STATES.length],
      currency: CURRENCIES[next() % CURRENCIES.length],
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      period: `2024-${String(month + 1).padStart(2, '0')}-01`,
      created_at: `2024-${String(month + 1).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}T10:00:00Z`,
    };
  }
  return rows;
}

const page = css({ display: 'flex', flexDirection: 'column', h: '100vh', p: '3', gap: '2', bg: 'bg.canvas' });
const title = css({ fontSize: 'lg', fontWeight: '600', m: 0 });

function useReadyMark() {
  useEffect(() => {
    requestAnimationFrame(() => {
      performance.mark('bench-rendered');
      document.body.dataset.benchReady = 'true';
    });
  }, []);
}

let cached: BenchRow[] | undefined;
const rowsOnce = () => (cached ??= benchRows());

function useColumns(lng: string): Column<BenchRow>[] {
  return [
    { id: 'id', header: 'grid.bench.id', align: 'end', width: 80, grow: 0, sortable: true },
    { id: 'reference', header: 'grid.bench.reference', rowHeader: true, width: 130 },
    { id: 'vendor', header: 'grid.bench.vendor', width: 170, grow: 2 },
    { id: 'state', header: 'grid.bench.state', width: 100 },
    { id: 'currency', header: 'grid.bench.currency', width: 80, grow: 0 },
    { id: 'amount', header: 'grid.bench.amount', align: 'end', width: 140, cell: (r) => formatMoney(r.amount, undefined, lng) },
    { id: 'period', header: 'grid.bench.period', width: 120, cell: (r) => formatDate(r.period, lng) },
    { id: 'created_at', header: 'grid.bench.created_at', width: 120, cell: (r) => formatDate(r.created_at, lng) },
  ];
}

export function GridBenchPage({ lng = 'en' }: { lng?: string }) {
  const t = useT();
  const rows = rowsOnce();
  const columns = useColumns(lng);
  useReadyMark();
  return (
    <main className={page}>
      <h1 className={title}>{t('grid.bench.title')}</h1>
      <DataGrid<BenchRow> label={t('grid.bench.title')} columns={columns} rows={rows} virtual selectable resource="bench" style={{ flex: '1 1 auto' }} />
    </main>
  );
}

const table = css({
  borderCollapse: 'collapse',
  fontSize: 'sm',
  w: '100%',
  '& th, & td': { h: 'row', px: '2', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'left', whiteSpace: 'nowrap' },
  '& th': { position: 'sticky', top: 0, bg: 'bg.subtle' },
});

export function PlainTableBenchPage({ lng = 'en' }: { lng?: string }) {
  const t = useT();
  const rows = rowsOnce();
  const columns = useColumns(lng);
  useReadyMark();
  return (
    <main className={page}>
      <h1 className={title}>{t('grid.bench.title_plain')}</h1>
      <div className={css({ flex: '1 1 auto', overflow: 'auto', bg: 'bg.surface' })}>
        <table className={table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col">
                  {t(c.header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.id} style={c.align === 'end' ? { textAlign: 'right' } : undefined}>
                    {c.cell ? c.cell(r) : String(r[c.id as keyof BenchRow])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
