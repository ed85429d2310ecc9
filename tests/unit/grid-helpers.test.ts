import { describe, expect, it } from 'vitest';
import { gridKeyAction, type Cursor } from '../../src/client/kit/grid/grid-keys';
import { checkCellValue, normaliseCellValue } from '../../src/client/kit/grid/cell-values';
import { activeFilterCount } from '../../src/client/kit/list-state';
import { filterFieldProblem, monthOfValue, valueOfMonth } from '../../src/client/kit/grid/filters';
import { formatDate } from '../../src/client/kit/grid/format';
import { formatDecimal, formatMoney } from '../../src/client/kit/grid/format-money';
import { buildLayout, gridTemplate, rowHeaderIndex } from '../../src/client/kit/grid/layout';
import { chosenColumns, fixedColumn } from '../../src/client/kit/grid/column-choice';
import { isListKeyOf, resourceOfPath } from '../../src/client/kit/grid/use-list';

const dims = { rows: 100, cols: 5, page: 10 };
const at = (row: number, col: number | null = null): Cursor => ({ row, col });
const move = (key: string, from: Cursor, extra = {}) => {
  const a = gridKeyAction({ key, ...extra }, from, dims);
  return a && a.type === 'move' ? a.to : a;
};

describe('grid keys', () => {
  it('moves between rows', () => {
    expect(move('ArrowDown', at(0))).toEqual(at(1));
    expect(move('j', at(99))).toEqual(at(99));
    expect(move('k', at(0))).toEqual(at(0));
    expect(move('ArrowUp', at(0))).toEqual(at(-1, 0));
    expect(move('ArrowDown', at(-1, 2))).toEqual(at(0, 2));
    expect(move('Home', at(50))).toEqual(at(0));
    expect(move('End', at(50))).toEqual(at(99));
    expect(move('PageDown', at(95))).toEqual(at(99));
    expect(move('PageUp', at(15))).toEqual(at(5));
    expect(move('End', at(5, 2), { ctrlKey: true })).toEqual(at(99, 2));
  });

  it('moves between cells and back to the row', () => {
    expect(move('ArrowRight', at(3))).toEqual(at(3, 0));
    expect(move('ArrowRight', at(3, 4))).toEqual(at(3, 4));
    expect(move('ArrowLeft', at(3, 0))).toEqual(at(3, null));
    expect(move('Home', at(3, 3))).toEqual(at(3, 0));
    expect(move('End', at(3, 1))).toEqual(at(3, 4));
  });

  it('names the other actions, and leaves Ctrl/Alt combinations and other letters alone', () => {
    expect(gridKeyAction({ key: 'Enter' }, at(1), dims)).toEqual({ type: 'activate' });
    expect(gridKeyAction({ key: 'F2' }, at(1), dims)).toEqual({ type: 'edit' });
    expect(gridKeyAction({ key: 'x' }, at(1), dims)).toEqual({ type: 'toggle' });
    expect(gridKeyAction({ key: ' ', shiftKey: true }, at(1), dims)).toEqual({ type: 'toggle' });
    expect(gridKeyAction({ key: ' ' }, at(1), dims)).toEqual({ type: 'space' });
    expect(gridKeyAction({ key: 'F10', shiftKey: true }, at(1), dims)).toEqual({ type: 'menu' });
    expect(gridKeyAction({ key: 'ContextMenu' }, at(1), dims)).toEqual({ type: 'menu' });
    expect(gridKeyAction({ key: 'F10' }, at(1), dims)).toBeNull();
    expect(gridKeyAction({ key: 'k', ctrlKey: true }, at(1), dims)).toBeNull();
    expect(gridKeyAction({ key: 'ArrowDown', altKey: true }, at(1), dims)).toBeNull();
    expect(gridKeyAction({ key: 'g' }, at(1), dims)).toBeNull();
    expect(gridKeyAction({ key: 'x' }, at(-1, 0), dims)).toBeNull();
  });
});

describe('cell values', () => {
  it('keeps decimals as strings, accepting a comma', () => {
    expect(normaliseCellValue('decimal', ' 12,50 ')).toBe('12.50');
    expect(normaliseCellValue('text', ' a,b ')).toBe('a,b');
    expect(checkCellValue({ type: 'decimal' }, '12.50')).toBeUndefined();
    expect(checkCellValue({ type: 'decimal' }, '12.5.0')).toBe('invalid');
    expect(checkCellValue({ type: 'integer' }, '1.5')).toBe('invalid');
    expect(checkCellValue({ type: 'date' }, '2024-02-30x')).toBe('invalid');
    expect(checkCellValue({ type: 'text', required: true }, '')).toBe('blank');
    expect(checkCellValue({ type: 'decimal' }, '')).toBeUndefined();
  });
});

describe('filters', () => {
  const now = new Date(2024, 5, 15);
  it('checks ranges and months', () => {
    const amount = { kind: 'amount-range', name: 'amount', label: 'x' } as const;
    const dates = { kind: 'date-range', name: 'd', label: 'x' } as const;
    const month = { kind: 'month', name: 'm', label: 'x' } as const;
    expect(filterFieldProblem(amount, { gteq: '10.5', lteq: '9.99' })).toBe('grid.filter.range_reversed');
    expect(filterFieldProblem(amount, { gteq: '1x' })).toBe('grid.filter.invalid');
    expect(filterFieldProblem(amount, { gteq: '2', lteq: '10' })).toBeUndefined();
    expect(filterFieldProblem(dates, { gteq: '2024-02-01', lteq: '2024-01-31' })).toBe('grid.filter.range_reversed');
    expect(filterFieldProblem(month, '2024-06-01', now)).toBeUndefined();
    expect(filterFieldProblem(month, '2024-07-01', now)).toBe('grid.filter.month_future');
    expect(monthOfValue('2024-03-01')).toBe('2024-03');
    expect(valueOfMonth('2024-03')).toBe('2024-03-01');
    expect(activeFilterCount({ a: '1', b: [], c: { gteq: '2' } })).toBe(2);
  });
});

describe('formatting', () => {
  it('formats decimal strings exactly, by language', () => {
    expect(formatDecimal('1234567.5', 'en')).toBe('1,234,567.50');
    expect(formatDecimal('1234567.125', 'de')).toBe('1.234.567,125');
    expect(formatDecimal('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('-5', 'EUR', 'en')).toBe('-5.00 EUR');
    expect(formatDate('2024-03-05', 'en')).toBe('5 Mar 2024');
  });
});

describe('layout and list keys', () => {
  it('builds one template for header and rows', () => {
    const layout = buildLayout([{ id: 'a', header: 'a', width: 80, grow: 0 }, { id: 'b', header: 'b', rowHeader: true }], true, true);
    expect(gridTemplate(layout)).toEqual({ template: '36px 80px minmax(140px, 1fr) 40px', minWidth: 296 });
    expect(rowHeaderIndex(layout)).toBe(2);
  });

  it('matches list keys by resource name or path', () => {
    const key = ['/api/cms/content_owners', 'list', 'p=1&s=10', 'content_owners'];
    expect(resourceOfPath('/api/cms/content_owners')).toBe('content_owners');
    expect(isListKeyOf(key, 'content_owners')).toBe(true);
    expect(isListKeyOf(key, '/api/cms/content_owners')).toBe(true);
    expect(isListKeyOf(key, 'banks')).toBe(false);
    expect(isListKeyOf(['/api/banks/1'], '/api/banks')).toBe(false);
  });
});

describe('chosenColumns', () => {
  const cols = [
    { id: 'id', header: 'x' },
    { id: 'name', header: 'x', rowHeader: true },
    { id: 'created', header: 'x' },
  ];
  const ids = (hidden: string[]) => chosenColumns(cols, new Set(hidden)).map((c) => c.id);

  it('shows every column unless its user hid it; no width ever drops one', () => {
    expect(ids([])).toEqual(['id', 'name', 'created']);
    expect(ids(['created'])).toEqual(['id', 'name']);
    expect(ids(['gone', 'id'])).toEqual(['name', 'created']);
  });

  it('never hides the column naming the row (the marked row header, else the first column)', () => {
    expect(ids(['name', 'id', 'created'])).toEqual(['name']);
    expect(fixedColumn(cols)).toBe('name');
    expect(fixedColumn([{ id: 'a', header: 'x' }, { id: 'b', header: 'x' }])).toBe('a');
  });
});

describe('Escape in the grid', () => {
  it('asks the grid to clear its selection (the grid passes it on when nothing is selected)', () => {
    expect(gridKeyAction({ key: 'Escape' }, at(3, 1), dims)).toEqual({ type: 'escape' });
  });
});
