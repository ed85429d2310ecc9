import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataGrid, type Column } from '../../src/client/kit/grid';
import { renderApp } from '../support/render';

interface Line {
  id: number;
  label: string;
}
const rows: Line[] = Array.from({ length: 100_000 }, (_, i) => ({ id: i + 1, label: `Line ${i + 1}` }));
const columns: Column<Line>[] = [
  { id: 'id', header: 'Id', align: 'end', width: 80 },
  { id: 'label', header: 'Label' },
];

// jsdom has no layout: give the scroller a 600 px viewport and let scrolling move scrollTop.
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Element.prototype.scrollTo = function scrollTo(this: Element, opts?: ScrollToOptions | number) {
    if (typeof opts === 'object' && opts.top !== undefined) {
      this.scrollTop = opts.top;
      this.dispatchEvent(new Event('scroll'));
    }
  } as Element['scrollTo'];
});
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});

const bodyRows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);

describe('DataGrid, virtualised', () => {
  it('renders only the visible rows of 100,000 with their true aria-rowindex', async () => {
    const user = userEvent.setup();
    renderApp(<DataGrid label="Lines" columns={columns} rows={rows} virtual selectable />, { path: '/x' });
    const grid = screen.getByRole('grid', { name: 'Lines' });
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const first = bodyRows();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(60);
    expect(first[0]).toHaveAttribute('aria-rowindex', '2');

    await user.tab();
    await user.keyboard('{End}');
    const last = bodyRows().at(-1)!;
    expect(last).toHaveAttribute('aria-rowindex', '100001');
    expect(last).toHaveFocus();
    expect(within(last).getByRole('rowheader')).toHaveTextContent('100000');
    await user.keyboard('k');
    expect(bodyRows().find((r) => r.getAttribute('aria-rowindex') === '100000')).toHaveFocus();
    await user.keyboard('x');
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the focused row rendered when it scrolls out of view', async () => {
    const user = userEvent.setup();
    renderApp(<DataGrid label="Lines" columns={columns} rows={rows} virtual />, { path: '/x' });
    await user.tab();
    await user.keyboard('j');
    const scroller = screen.getByRole('grid').parentElement!;
    scroller.scrollTop = 30 * 50_000;
    fireEvent.scroll(scroller);
    const indexes = bodyRows().map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(indexes[0]).toBe(3); // the focused row stays, first in order
    expect(indexes.some((i) => i > 50_000)).toBe(true);
    expect(bodyRows()[0]).toHaveFocus();
  });
});
